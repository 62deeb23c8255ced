import { de } from './de.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import type { DemoLanguage, DemoTranslation } from './types.ts';

/** The demo shop's content in each language its markets sell in besides English. */
export const DEMO_TRANSLATIONS: Record<DemoLanguage, DemoTranslation> = { de, fr, es, ja };
