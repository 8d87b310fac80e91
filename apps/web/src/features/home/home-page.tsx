import { Container, Text } from '@mantine/core';
import { TextLink } from '../../components/text-link';
import { SignedInRedirect } from '../auth/signed-in-redirect';
import { FeatureGrid } from './feature-grid';
import { HomeHero } from './home-hero';
import { PricingTeaser } from './pricing-teaser';

export function HomePage() {
  return (
    <>
      <SignedInRedirect />
      <HomeHero />
      <Container size="lg" py={56}>
        <FeatureGrid />
        <PricingTeaser />
        <Text size="xs" c="dimmed" mt="xl" ta="center">
          TradeBot is not a financial advisor and never holds your funds. Trading involves risk. See
          the <TextLink to="/terms">Terms</TextLink> and{' '}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </Text>
      </Container>
    </>
  );
}
