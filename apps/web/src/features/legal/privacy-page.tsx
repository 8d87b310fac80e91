import { List, Text, Title } from '@mantine/core';
import { TextLink } from '../../components/text-link';
import { Page } from '../../components/page';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy" description="How TradeBot handles your data." size="md">
      <div className="legal">
        <Title order={2} fz="lg">
          What we collect
        </Title>
        <List mt="xs" spacing={4}>
          <List.Item>Account data: username, email, country and phone number.</List.Item>
          <List.Item>Your brokerage API keys, stored encrypted and only shown masked.</List.Item>
          <List.Item>
            Your strategy settings, screening templates, backtest results and the bot&apos;s trading
            log.
          </List.Item>
          <List.Item>
            Technical data needed to run and secure the service, such as error reports and sign-in
            events.
          </List.Item>
        </List>
        <Title order={2} fz="lg">
          How we use it
        </Title>
        <Text mt="xs">
          To provide the service, secure your account, process subscriptions and answer support
          requests. We do not sell your data.
        </Text>
        <Title order={2} fz="lg">
          Retention and deletion
        </Title>
        <Text mt="xs">
          You may delete your account at any time; your personal data is erased within 30 days of
          deletion.
        </Text>
        <Title order={2} fz="lg">
          Your rights
        </Title>
        <Text mt="xs">
          You may access, correct or delete your data. Contact support@tradebot.app. See also our{' '}
          <TextLink to="/terms">Terms and Conditions</TextLink>.
        </Text>
      </div>
    </Page>
  );
}
