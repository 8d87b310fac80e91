-- Listings and bars loaded from Alpaca (assets and daily bars), the universe of Alpaca users.
ALTER TYPE "UniverseSource" ADD VALUE IF NOT EXISTS 'alpaca';
