import { Text, Tooltip } from '@mantine/core';
import { LineIcon } from '../../../components/line-icon';

/**
 * A field label with an (i) whose tooltip holds the field's description. The icon
 * follows the last word, also when a narrow column wraps the label.
 */
export function InfoLabel({ label, description }: { label: string; description: string }) {
  return (
    <span>
      {label}{' '}
      <Tooltip
        label={description}
        multiline
        w={280}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Text
          component="span"
          c="dimmed"
          style={{ cursor: 'help', display: 'inline-flex', verticalAlign: '-2px' }}
          tabIndex={0}
          aria-label={`About ${label}`}
        >
          <LineIcon size={14}>
            <circle cx="12" cy="12" r="10" />
            <path d="M12 16v-5M12 8h.01" />
          </LineIcon>
        </Text>
      </Tooltip>
    </span>
  );
}
