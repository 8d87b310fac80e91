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

/** One broker credential: shows the saved mask, takes a new value, or marks it for removal. */
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
    <Group gap={6} component="span" wrap="nowrap">
      <Text
        span
        size="xs"
        ff="monospace"
        td={cleared ? 'line-through' : undefined}
        data-testid={`${testId}-mask`}
      >
        {mask}
      </Text>
      {cleared && (
        <Text span size="xs" c="red">
          will be removed on save
        </Text>
      )}
    </Group>
  );

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <PasswordInput
        label={label}
        description={description}
        placeholder={
          mask && !cleared ? 'Leave empty to keep the saved value' : `Enter your ${label}`
        }
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="off"
        style={{ flex: 1 }}
        data-testid={testId}
      />
      {mask && (
        <Button
          variant={cleared ? 'light' : 'subtle'}
          color={cleared ? 'gray' : 'red'}
          onClick={() => onClearedChange(!cleared)}
          data-testid={`${testId}-clear`}
          aria-label={cleared ? `Keep saved ${label}` : `Clear saved ${label}`}
        >
          {cleared ? 'Undo' : 'Clear'}
        </Button>
      )}
    </Group>
  );
}
