import { useQueries, useQuery } from '@tanstack/react-query';
import {
  catalogueItemQueryOptions,
  fiatCatalogueQueryOptions,
  paymentMethodsQueryOptions,
} from '../../api/p2pMethodsQueries.ts';
import { paymentMethodLabel } from '../../lib/p2p/paymentMethodLabel.ts';

/** One method the offer may list, by the machine's key ("17"; "tinkoff"; "sbp/sberbank_sbp"). */
export interface MethodRow {
  key: string;
  title: string;
  subtitle: string | null;
}

/** Rows under one header: a catalogue group's banks, or methods that need no header. */
export interface MethodGroup {
  header: string | null;
  rows: MethodRow[];
}

export interface MethodChoices {
  /** Undefined while loading. */
  groups: MethodGroup[] | undefined;
  failed: boolean;
  retry: () => void;
}

/**
 * What the methods step offers. A sell offer: the person's saved methods of the fiat, their
 * masked data under each (it tells two cards of one bank apart). A buy offer: the fiat's catalogue,
 * a group's banks one by one under the group's name (the server takes "Sberbank · SBP", not SBP
 * as a whole).
 */
export function useMethodChoices(sell: boolean, fiat: string): MethodChoices {
  const saved = useQuery({ ...paymentMethodsQueryOptions(fiat), enabled: sell });
  const catalogue = useQuery({ ...fiatCatalogueQueryOptions(fiat), enabled: !sell });
  const parents = sell ? [] : (catalogue.data?.methods.filter((entry) => entry.is_parent) ?? []);
  const items = useQueries({
    queries: parents.map((parent) => catalogueItemQueryOptions(fiat, parent.identifier)),
  });
  if (sell) {
    const rows = saved.data?.methods
      .filter((method) => method.fiat === fiat)
      .map((method) => {
        const label = paymentMethodLabel(method);
        const subtitle = [label.subtitle, method.data].filter((part) => part !== null).join(' · ');
        return { key: String(method.id), title: label.title, subtitle };
      });
    return { groups: rows && [{ header: null, rows }], failed: saved.isError, retry: () => void saved.refetch() };
  }
  const failed = catalogue.isError || items.some((item) => item.isError);
  const retry = () => {
    void catalogue.refetch();
    for (const item of items) if (item.isError) void item.refetch();
  };
  if (catalogue.data === undefined || items.some((item) => item.data === undefined)) {
    return { groups: undefined, failed, retry };
  }
  const groups: MethodGroup[] = [];
  for (const entry of catalogue.data.methods) {
    if (entry.is_parent) {
      const children = items.find((item) => item.data?.method.identifier === entry.identifier)?.data?.children ?? [];
      groups.push({
        header: entry.locale,
        rows: children.map((child) => ({
          key: `${entry.identifier}/${child.identifier}`,
          title: child.locale,
          subtitle: null,
        })),
      });
      continue;
    }
    const row = { key: entry.identifier, title: entry.locale, subtitle: null };
    const last = groups.at(-1);
    if (last !== undefined && last.header === null) last.rows.push(row);
    else groups.push({ header: null, rows: [row] });
  }
  return { groups, failed, retry };
}

/**
 * How a chosen method reads on the review: "Salary card · Sberbank · SBP · •••• 4417", "Sberbank · SBP"
 * (the bank before its group, as paymentMethodLabel names it: two SBP banks read apart).
 */
export function methodNameOf(groups: readonly MethodGroup[] | undefined, key: string): string {
  for (const group of groups ?? []) {
    const row = group.rows.find((each) => each.key === key);
    if (row !== undefined) return [row.title, group.header, row.subtitle].filter((part) => part !== null).join(' · ');
  }
  return key;
}
