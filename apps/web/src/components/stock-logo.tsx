import { Image, Text } from '@mantine/core';
import { ui } from '@tradebot/api-contract';
import { useState } from 'react';

/**
 * A listing's logo: the image, 'No Logo' when there is none or it fails to load, and
 * 'Loading...' while the logos request is out (`logo` undefined).
 */
export function StockLogo({
  symbol,
  logo,
  size = 28,
}: {
  symbol: string;
  logo: string | null | undefined;
  size?: number;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (logo === undefined)
    return (
      <Text size="xs" c="dimmed" data-testid={`logo-${symbol}`}>
        {ui.loading}
      </Text>
    );
  if (logo === null || broken === logo)
    return (
      <Text size="xs" c="dimmed" data-testid={`logo-${symbol}`}>
        {ui.noLogo}
      </Text>
    );
  return (
    <Image
      src={logo}
      alt={`${symbol} logo`}
      w={size}
      h={size}
      fit="contain"
      radius="sm"
      referrerPolicy="no-referrer"
      onError={() => setBroken(logo)}
      data-testid={`logo-${symbol}`}
    />
  );
}
