import type { TScreeningCriteria, TScreeningTemplate } from '@tradebot/api-contract';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { useTemplates } from './use-templates';

interface Props {
  templates: ReturnType<typeof useTemplates>;
  selected: string | null;
  criteria: TScreeningCriteria;
  onApply: (template: TScreeningTemplate) => void;
}

/** Template selector, Save Custom Template, and the user's custom templates with Delete. */
export function TemplateBar({ templates, selected, criteria, onApply }: Props) {
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const all = [...templates.builtIn, ...templates.custom];
  const description = all.find((t) => t.name === selected)?.description;

  return (
    <Stack gap="sm">
      <Select
        label="Template"
        placeholder={templates.templates.isPending ? 'Loading templates…' : 'Choose a template'}
        data={[
          { group: 'Built-in', items: templates.builtIn.map((t) => t.name) },
          ...(templates.custom.length > 0
            ? [{ group: 'Your templates', items: templates.custom.map((t) => t.name) }]
            : []),
        ]}
        value={selected}
        onChange={(value) => {
          const template = all.find((t) => t.name === value);
          if (template) onApply(template);
        }}
        allowDeselect={false}
        maw={420}
        data-testid="template-select"
      />
      {description && (
        <Text size="sm" c="dimmed" maw={720}>
          {description}
        </Text>
      )}
      <Group align="end" gap="sm">
        <TextInput
          label="Custom template name"
          placeholder="My template"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          w={260}
          data-testid="template-name"
        />
        <Button
          variant="light"
          loading={templates.saving}
          onClick={() => void templates.save(name, criteria).then((saved) => saved && setName(''))}
          data-testid="save-template"
        >
          Save Custom Template
        </Button>
      </Group>
      {templates.custom.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Your custom templates
          </Text>
          {templates.custom.map((t) => (
            <Group key={t.name} gap="xs" data-testid="custom-template">
              <Text size="sm">{t.name}</Text>
              <Button
                size="compact-xs"
                color="red"
                variant="subtle"
                onClick={() => setConfirming(t.name)}
              >
                Delete
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete template"
        centered
      >
        <Text mb="md">Delete the custom template “{confirming}”?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              const target = confirming;
              setConfirming(null);
              if (target) void templates.remove(target);
            }}
            data-testid="confirm-delete-template"
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
