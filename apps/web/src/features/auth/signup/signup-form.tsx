import {
  Alert,
  Button,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { COUNTRY_OPTIONS } from './country-list';
import { TermsCheckbox } from './terms-checkbox';

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  country: string;
  phoneNumber: string;
}

const EMPTY: SignupValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  country: '',
  phoneNumber: '',
};
const COUNTRY_DATA = [{ value: '', label: 'Select Country' }, ...COUNTRY_OPTIONS];

interface Props {
  error: string | null;
  busy: boolean;
  onSubmit: (values: SignupValues) => void;
}

/** Sign-up form: every field required, native email/tel types, terms checkbox. */
export function SignupForm({ error, busy, onSubmit }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [accepted, setAccepted] = useState(false);
  const field = (name: keyof SignupValues) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    required: true,
    'data-testid': `signup-${name}`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" data-testid="signup-error">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Username" autoComplete="username" {...field('username')} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordInput label="Password" autoComplete="new-password" {...field('password')} />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <NativeSelect
            label="Country"
            data={COUNTRY_DATA}
            autoComplete="country"
            {...field('country')}
          />
          <TextInput
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 123 4567"
            {...field('phoneNumber')}
          />
        </SimpleGrid>
        <TermsCheckbox checked={accepted} onChange={setAccepted} />
        <Button type="submit" fullWidth loading={busy} data-testid="signup-submit">
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
