import { de } from './de.ts';
import type { DemoLanguage, DemoTranslation } from './types.ts';

/** The demo shop's content in each language its markets sell in besides English (a stand-in: German only). */
export const DEMO_TRANSLATIONS = { de } as Record<DemoLanguage, DemoTranslation>;
