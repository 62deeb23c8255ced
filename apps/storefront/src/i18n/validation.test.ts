import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import de from './compiled/de.json' with { type: 'json' };
import type { useT } from './i18n.tsx';
import { createI18n } from './i18n.tsx';
import { localizeMessage } from './validation.ts';

const i18n = createI18n({ language: 'de', prefix: 'de' }, de as unknown as Messages);
const t = Object.assign(i18n._.bind(i18n), { language: 'de' }) as ReturnType<typeof useT>;
const english = Object.assign(() => '', { language: 'en' }) as unknown as ReturnType<typeof useT>;

describe('the shared checks in the page language', () => {
  it.each([
    ['First name is required', 'Dieses Feld ist erforderlich'],
    ['Email must be at most 254 characters', 'Höchstens 254 Zeichen'],
    ['Enter a valid email address', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['Choose a country', 'Bitte wählen Sie ein Land aus der Liste'],
    [
      'Choose a state or province from the list',
      'Bitte wählen Sie ein Bundesland bzw. eine Provinz aus der Liste',
    ],
    ['Password must be at least 8 characters', 'Mindestens 8 Zeichen'],
    ['Passwords do not match', 'Die Passwörter stimmen nicht überein'],
    ["This code can't be used with this cart", 'Dieser Code gilt nicht für diesen Warenkorb'],
    ['Discount code SPRING has expired', 'Discount code SPRING has expired'],
  ])('%s -> %s', (message, german) => {
    expect(localizeMessage(t, message)).toBe(german);
  });

  it('leaves English as the checks wrote it', () => {
    expect(localizeMessage(english, 'Address is required')).toBe('Address is required');
  });
});
