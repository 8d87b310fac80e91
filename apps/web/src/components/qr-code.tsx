import { Center, Image, Paper } from '@mantine/core';

/** A TOTP QR code (a PNG data URL from the server) to scan with an authenticator app. */
export function QrCode({ src }: { src: string }) {
  return (
    <Center>
      <Paper withBorder p="sm" radius="md" bg="white">
        <Image src={src} alt="QR code" w={200} h={200} fit="contain" data-testid="qr-code" />
      </Paper>
    </Center>
  );
}
