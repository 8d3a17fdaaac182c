import type { MessageDescriptor } from '@lingui/core';
import { useState } from 'react';
import { checkAddressName } from './addressNameMessages.ts';

export interface AddressNameField {
  value: string;
  setValue: (value: string) => void;
  /** The rule the name breaks, once a submit was tried (then live on every keystroke). */
  error: MessageDescriptor | null;
  /** Marks the field as submitted: the trimmed name when it passes the rule, else null. */
  submit: () => string | null;
}

/**
 * A field holding an address name (deposit-address name, address-book title; spec 000 s.5).
 * Quiet while the person types the first time; checked on submit, then on every change.
 */
export function useAddressNameField(initial: string): AddressNameField {
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const check = checkAddressName(value);
  return {
    value,
    setValue,
    error: submitted && !check.ok ? check.message : null,
    submit: () => {
      setSubmitted(true);
      return check.ok ? check.name : null;
    },
  };
}
