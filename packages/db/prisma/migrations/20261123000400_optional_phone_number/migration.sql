-- An admin created from the command line has no phone number; sign-up still requires one.
ALTER TABLE "users" ALTER COLUMN "phone_number" DROP NOT NULL;
