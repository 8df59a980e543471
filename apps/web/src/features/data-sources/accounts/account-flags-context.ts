import { createContext } from 'react';
import type { AccountFlags } from '../api/account-flags-query.ts';

/**
 * The accounts' flags by id, for the rows: handed down by context so the long list's row
 * components stay unchanged while the flags arrive after it.
 */
export const AccountFlagsContext = createContext<ReadonlyMap<string, AccountFlags>>(new Map());
