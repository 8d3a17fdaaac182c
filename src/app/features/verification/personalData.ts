import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CountryItem,
  type PersonalData,
  type VerificationResult,
  verificationEndpoints,
  verificationResult,
} from '../../../contract/verification.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { verificationQueryKey } from '../../api/verificationQueries.ts';
import { normalizeSearch } from '../../ui/SearchField.tsx';

/**
 * The BASIC step's form (`/account/verification/personal-data`): its fields as typed, the checks
 * made before sending (the server checks again and decides UNDER_18 and RESTRICTED_REGION), the
 * calls, and the country list of `GET /geo/countries`.
 */

export const personalDataFields = [
  'first_name',
  'last_name',
  'middle_name',
  'date_of_birth',
  'country',
  'city',
  'address',
  'postal_code',
] as const;
export type PersonalDataField = (typeof personalDataFields)[number];
export type PersonalDataForm = Record<PersonalDataField, string>;

export const emptyPersonalData: PersonalDataForm = {
  first_name: '',
  last_name: '',
  middle_name: '',
  date_of_birth: '',
  country: '',
  city: '',
  address: '',
  postal_code: '',
};

export function formOf(data: PersonalData | null): PersonalDataForm {
  if (data === null) return emptyPersonalData;
  return { ...emptyPersonalData, ...data, middle_name: data.middle_name ?? '', postal_code: data.postal_code ?? '' };
}

export type FieldProblem = 'required' | 'too_long' | 'invalid_date' | 'future_date' | 'choose_country';

const limits: Record<PersonalDataField, { required: boolean; max: number }> = {
  first_name: { required: true, max: 64 },
  last_name: { required: true, max: 64 },
  middle_name: { required: false, max: 64 },
  date_of_birth: { required: true, max: 10 },
  country: { required: true, max: 2 },
  city: { required: true, max: 100 },
  address: { required: true, max: 200 },
  postal_code: { required: false, max: 16 },
};

/** YYYY-MM-DD of a real calendar day. */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Today as YYYY-MM-DD in the device's calendar (the date field's upper bound). */
export function todayText(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What is wrong with each field, if anything; an empty object when the form can be sent. */
export function formProblems(
  form: PersonalDataForm,
  now: Date = new Date(),
): Partial<Record<PersonalDataField, FieldProblem>> {
  const problems: Partial<Record<PersonalDataField, FieldProblem>> = {};
  for (const field of personalDataFields) {
    const value = form[field].trim();
    const { required, max } = limits[field];
    if (value === '') {
      if (required) problems[field] = field === 'country' ? 'choose_country' : 'required';
    } else if (field === 'date_of_birth') {
      if (!isCalendarDate(value)) problems[field] = 'invalid_date';
      else if (value > todayText(now)) problems[field] = 'future_date';
    } else if (value.length > max) {
      problems[field] = 'too_long';
    }
  }
  return problems;
}

export function problemMessage(problem: FieldProblem, field: PersonalDataField): MessageDescriptor {
  const max = limits[field].max;
  switch (problem) {
    case 'required':
      return msg`Fill this in`;
    case 'too_long':
      return msg`At most ${max} characters`;
    case 'invalid_date':
      return msg`Enter a real date`;
    case 'future_date':
      return msg`This date is in the future`;
    case 'choose_country':
      return msg`Choose your country of residence`;
  }
}

/** The body of the call: trimmed, optional fields left out when empty. */
export function bodyOf(form: PersonalDataForm): PersonalData {
  const trimmed = (field: PersonalDataField) => form[field].trim();
  return {
    first_name: trimmed('first_name'),
    last_name: trimmed('last_name'),
    ...(trimmed('middle_name') === '' ? {} : { middle_name: trimmed('middle_name') }),
    date_of_birth: trimmed('date_of_birth'),
    country: trimmed('country'),
    city: trimmed('city'),
    address: trimmed('address'),
    ...(trimmed('postal_code') === '' ? {} : { postal_code: trimmed('postal_code') }),
  };
}

export function personalDataQueryOptions() {
  return queryOptions({
    queryKey: [...verificationQueryKey, 'personal-data'] as const,
    queryFn: ({ signal }) => call(verificationEndpoints.getPersonalData, { signal }),
  });
}

export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['public', 'geo', 'countries'] as const,
    queryFn: ({ signal }) => call(verificationEndpoints.listCountries, { signal }),
    select: (answer) => answer.data,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
}

/** A country's name in the interface's language (Russian or English). */
export function countryName(country: CountryItem, locale: string): string {
  return locale.startsWith('ru') ? country.name.ru : country.name.en;
}

/** Sorted by their names in `locale`; `search` matches either name or the code. */
export function countryRows(countries: readonly CountryItem[], locale: string, search: string) {
  const query = normalizeSearch(search);
  return countries
    .map((country) => ({
      country,
      name: countryName(country, locale),
      haystack: normalizeSearch([country.code, country.name.en, country.name.ru].join(' ')),
    }))
    .filter((row) => query === '' || row.haystack.includes(query))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** How sending the form ended, when it did not simply succeed. */
export type SubmitRefusal =
  /** 422: the server's result (UNDER_18, RESTRICTED_REGION, …). */
  | { kind: 'result'; result: VerificationResult }
  | { kind: 'unavailable' }
  | { kind: 'rate_limited' }
  | { kind: 'invalid' }
  | { kind: 'no_connection' }
  | { kind: 'failed' };

export function refusalOf(thrown: unknown): SubmitRefusal {
  const error = toApiError(thrown);
  if (error === null) return { kind: 'no_connection' };
  if (error.code === 422) {
    const result = verificationResult.safeParse(
      typeof error.data === 'object' && error.data !== null ? Reflect.get(error.data, 'result') : undefined,
    );
    return result.success ? { kind: 'result', result: result.data } : { kind: 'failed' };
  }
  if (error.code === 409) return { kind: 'unavailable' };
  if (error.code === 429) return { kind: 'rate_limited' };
  if (error.code === 400) return { kind: 'invalid' };
  return { kind: 'failed' };
}

export function refusalMessage(refusal: SubmitRefusal): MessageDescriptor {
  switch (refusal.kind) {
    case 'unavailable':
      return msg`Share your phone number first: personal data is the next step.`;
    case 'rate_limited':
      return msg`Too many attempts. Try again later.`;
    case 'invalid':
      return msg`Some fields aren’t right. Check them and try again.`;
    case 'no_connection':
      return msg`No connection. Check your internet and try again.`;
    default:
      return msg`Couldn’t send your data. Try again.`;
  }
}

/** POST /verification/personal-data; the verification queries are stale afterwards, whatever the answer. */
export function useSubmitPersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PersonalDataForm) => call(verificationEndpoints.submitPersonalData, { body: bodyOf(form) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationQueryKey }),
  });
}
