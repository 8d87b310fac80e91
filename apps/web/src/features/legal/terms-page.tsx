import { Text, Title } from '@mantine/core';
import { Page } from '../../components/page';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-sections';

export function TermsPage() {
  return (
    <Page
      title="Terms and Conditions"
      description={`Last updated: ${TERMS_LAST_UPDATED}`}
      size="md"
    >
      <div className="legal" data-testid="terms">
        {TERMS_SECTIONS.map((section, index) => (
          <section key={section.title}>
            <Title order={2} fz="lg">
              {index + 1}. {section.title}
            </Title>
            {section.body.map((paragraph) => (
              <Text key={paragraph} mt="xs">
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </div>
    </Page>
  );
}
