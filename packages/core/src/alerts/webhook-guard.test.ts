import { describe, expect, it } from 'vitest';
import { sendWebhook } from './alert-channels.js';
import {
  checkWebhookTarget,
  isPrivateAddress,
  webhookText,
  type Resolver,
} from './webhook-guard.js';

const refuse = { allowPrivate: false };

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '224.0.0.1',
    '255.255.255.255',
  ])('%s is refused', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  );
});

describe('webhook targets', () => {
  it('refuses other schemes, credentials and literal private addresses', async () => {
    await expect(checkWebhookTarget('ftp://example.com/x', refuse)).rejects.toThrow(
      webhookText.invalid,
    );
    await expect(checkWebhookTarget('file:///etc/passwd', refuse)).rejects.toThrow(
      webhookText.invalid,
    );
    await expect(checkWebhookTarget('http://u:p@example.com/', refuse)).rejects.toThrow(
      webhookText.credentials,
    );
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://100.64.1.1/',
      'http://[fd00::1]/',
    ])
      await expect(checkWebhookTarget(url, refuse), url).rejects.toThrow(webhookText.privateTarget);
  });

  it('refuses a hostname that resolves to loopback (localhost, through the system resolver)', async () => {
    await expect(checkWebhookTarget('http://localhost:9/hook', refuse)).rejects.toThrow(
      webhookText.privateTarget,
    );
  });

  it('refuses a host with any private address among its answers, and lets it through when allowed', async () => {
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(
      checkWebhookTarget('https://hooks.example.com/x', { ...refuse, resolve: mixed }),
    ).rejects.toThrow(webhookText.privateTarget);
    const target = await checkWebhookTarget('https://hooks.example.com/x', {
      allowPrivate: true,
      resolve: mixed,
    });
    expect(target.address).toBe('93.184.216.34');
  });

  it('checks again at send time: a host that rebinds to 127.0.0.1 after the save is refused', async () => {
    let lookups = 0;
    // Public when saved, loopback when the alert is sent (a DNS rebinding attack).
    const rebinding: Resolver = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const options = { allowPrivate: false, resolve: rebinding };
    await expect(
      checkWebhookTarget('http://rebind.example.com/hook', options),
    ).resolves.toMatchObject({
      address: '93.184.216.34',
    });
    await expect(
      sendWebhook(
        'http://rebind.example.com/hook',
        'json',
        { kind: 'test', username: 'u', text: 't' },
        options,
      ),
    ).rejects.toThrow(webhookText.privateTarget);
    expect(lookups).toBe(2);
  });
});
