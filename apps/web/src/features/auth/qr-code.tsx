import { Center, Code, Image, Paper, Stack, Text } from '@mantine/core';

/** The key inside an otpauth:// URI, grouped in fours for typing into an authenticator app. */
export function manualKey(uri: string): string | null {
  try {
    const secret = new URL(uri).searchParams.get('secret');
    return secret ? (secret.match(/.{1,4}/g) ?? []).join(' ') : null;
  } catch {
    return null;
  }
}

/**
 * A TOTP QR code (a PNG data URL from the server) to scan with an authenticator app, with the
 * key written out for people who cannot scan.
 */
export function QrCode({ src, uri }: { src: string; uri?: string }) {
  const key = uri ? manualKey(uri) : null;
  return (
    <Stack align="center" gap="xs">
      <Center>
        <Paper withBorder p="sm" radius="md" bg="white">
          <Image src={src} alt="QR code" w={200} h={200} fit="contain" data-testid="qr-code" />
        </Paper>
      </Center>
      {key && (
        <Text size="xs" c="dimmed" ta="center">
          Can&apos;t scan? Enter this key in your app:{' '}
          <Code data-testid="totp-key" data-uri={uri}>
            {key}
          </Code>
        </Text>
      )}
    </Stack>
  );
}
