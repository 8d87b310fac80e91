import { Avatar, Text } from '@mantine/core';

/**
 * A company's logo, or the "No Logo" placeholder (spec §5). Logos (POST /api/stocks/logos/batch)
 * are another part of this step; until they arrive every row shows the placeholder.
 */
export function StockLogo({ url, symbol }: { url?: string | null; symbol: string }) {
  if (url) return <Avatar src={url} alt={`${symbol} logo`} size={28} radius="sm" />;
  return (
    <Text size="9px" c="dimmed" ta="center" w={28} lh={1.1} aria-label={`${symbol}: no logo`}>
      No Logo
    </Text>
  );
}
