import { z } from 'zod';

/** The longest key of an admin-managed list's value (collections.ts). */
export const COLLECTION_KEY_LENGTH = 64;

/** The most values one admin-managed list holds. */
export const COLLECTION_MAX_VALUES = 200;

/**
 * A value of an admin-managed list as records store it: a built-in code or the key Karm gave an added
 * value. The owning module checks with the collections module that the company's list has it.
 */
export const collectionKeySchema = z.string().trim().min(1).max(COLLECTION_KEY_LENGTH);
