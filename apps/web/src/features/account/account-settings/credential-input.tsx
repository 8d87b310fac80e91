import { Button, Group, PasswordInput, Text } from '@mantine/core';

interface Props {
  label: string;
  testId: string;
  value: string;
  mask: string | null;
  cleared: boolean;
  onChange: (value: string) => void;
  onClearedChange: (cleared: boolean) => void;
}

/**
 * One broker credential: shows the saved mask, takes a new value, or marks it for removal.
 * Clear/Undo sits on the mask's line, not beside the input, so every field has the same width.
 */
export function CredentialInput({
  label,
  testId,
  value,
  mask,
  cleared,
  onChange,
  onClearedChange,
}: Props) {
  const description = !mask ? (
    'Not set'
  ) : (
    <Group gap={6} component="span" mih={20} style={{ rowGap: 0 }}>
      <Text
        span
        size="xs"
        ff="monospace"
        td={cleared ? 'line-through' : undefined}
        data-testid={`${testId}-mask`}
      >
        {mask}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        color={cleared ? 'gray' : 'red'}
        // Mantine's dark subtle red is near-white; the theme's red text colour reads in both.
        c={cleared ? undefined : 'var(--mantine-color-red-text)'}
        onClick={() => onClearedChange(!cleared)}
        data-testid={`${testId}-clear`}
        aria-label={cleared ? `Keep saved ${label}` : `Clear saved ${label}`}
      >
        {cleared ? 'Undo' : 'Clear'}
      </Button>
      {cleared && (
        <Text span size="xs" c="var(--mantine-color-red-text)" style={{ whiteSpace: 'nowrap' }}>
          will be removed on save
        </Text>
      )}
    </Group>
  );

  return (
    <PasswordInput
      label={label}
      description={description}
      // Short enough for a phone-width field; the saved mask is shown just above.
      placeholder={mask && !cleared ? 'Leave empty to keep it' : `Enter your ${label}`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoComplete="off"
      data-testid={testId}
    />
  );
}
