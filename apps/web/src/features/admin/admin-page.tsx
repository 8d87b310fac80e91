import { Stack, Tabs } from '@mantine/core';
import { Page } from '../../components/page';
import { ClientErrorsTable } from './client-errors-table';
import { MailOutbox } from './mail-outbox';
import { AlpacaUniverseCard } from './alpaca-universe-card';
import { MarketDataCard } from './market-data-card';
import { SystemTab } from './system-tab';
import { UsersTable } from './users-table';

export function AdminPage() {
  return (
    <Page
      title="Admin dashboard"
      description="Manage users, review client error reports and the development mail outbox, import market data, and watch the workers, queues and bots."
    >
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="errors" data-testid="tab-client-errors">
            Client errors
          </Tabs.Tab>
          <Tabs.Tab value="mail" data-testid="tab-mail-outbox">
            Mail outbox
          </Tabs.Tab>
          <Tabs.Tab value="market-data" data-testid="tab-market-data">
            Market data
          </Tabs.Tab>
          <Tabs.Tab value="system" data-testid="tab-system">
            System
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTable />
        </Tabs.Panel>
        <Tabs.Panel value="errors">
          <ClientErrorsTable />
        </Tabs.Panel>
        <Tabs.Panel value="mail">
          <MailOutbox />
        </Tabs.Panel>
        <Tabs.Panel value="market-data">
          <Stack gap="md">
            <AlpacaUniverseCard />
            <MarketDataCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="system">
          <SystemTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
