import { Anchor, Checkbox } from '@mantine/core';
import { Link } from 'react-router-dom';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Required by the browser's own form validation: sign-up cannot be sent without it. */
export function TermsCheckbox({ checked, onChange }: Props) {
  return (
    <Checkbox
      required
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="signup-terms"
      label={
        <>
          I accept the{' '}
          {/* A new tab, so the half-filled form is still there when the user comes back. */}
          <Anchor component={Link} to="/terms" target="_blank" inherit>
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/privacy" target="_blank" inherit>
            Privacy Policy
          </Anchor>
        </>
      }
    />
  );
}
