import { COUNTRIES, countryName, subdivisions } from '@cartwheel/shared/countries';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { FormError } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { X } from 'lucide-react';
import { useState } from 'react';

/**
 * The zone's countries (searchable list of every country) and, for the chosen countries that have
 * states, which of their states: none ticked ships to the whole country.
 */
export function PlacePicker({
  countries,
  states,
  onChange,
  error,
  heldBy,
}: {
  countries: string[];
  states: string[];
  /** Countries another specific zone ships to, with that zone's name. */
  heldBy?: Map<string, string>;
  onChange: (next: { countries: string[]; states: string[] }) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const matches = term
    ? COUNTRIES.filter((c) => c.name.toLowerCase().includes(term) || c.code.toLowerCase() === term)
    : COUNTRIES;
  const toggleCountry = (code: string, on: boolean) =>
    onChange({
      countries: on ? [...countries, code] : countries.filter((c) => c !== code),
      states: on ? states : states.filter((s) => !s.startsWith(`${code}-`)),
    });
  const toggleState = (code: string, on: boolean) =>
    onChange({ countries, states: on ? [...states, code] : states.filter((s) => s !== code) });
  const withStates = countries.filter((code) => subdivisions(code).length > 0);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor="zone-country-search">Countries</Label>
        {countries.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Chosen countries">
            {countries.map((code) => (
              <li key={code}>
                <Badge variant="secondary" className="gap-1">
                  {countryName(code)}
                  <button
                    type="button"
                    aria-label={`Remove ${countryName(code)}`}
                    onClick={() => toggleCountry(code, false)}
                  >
                    <X className="size-3" aria-hidden="true" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No countries yet: choose where this zone ships.</p>
        )}
        <Input
          id="zone-country-search"
          type="search"
          placeholder="Search countries"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-invalid={Boolean(error)}
        />
        <fieldset
          className="max-h-56 overflow-y-auto rounded-md border p-2"
          aria-label="Countries to ship to"
        >
          {matches.length === 0 ? (
            <p className="p-1 text-muted-foreground text-sm">No country matches.</p>
          ) : null}
          <div className="grid gap-1.5 sm:grid-cols-2">
            {matches.map((c) => (
              <div key={c.code} className="flex items-center gap-2">
                <Checkbox
                  id={`zone-country-${c.code}`}
                  checked={countries.includes(c.code)}
                  onCheckedChange={(on) => toggleCountry(c.code, on === true)}
                  aria-describedby={heldBy?.has(c.code) ? `zone-country-${c.code}-held` : undefined}
                />
                <Label htmlFor={`zone-country-${c.code}`} className="font-normal">
                  {c.name}
                </Label>
                {heldBy?.has(c.code) ? (
                  <span id={`zone-country-${c.code}-held`} className="text-muted-foreground text-xs">
                    in {heldBy.get(c.code)}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
        <FormError>{error}</FormError>
      </div>
      {withStates.map((code) => (
        <fieldset key={code} className="flex flex-col gap-2 rounded-md border p-3">
          <legend className="px-1 font-medium text-sm">States of {countryName(code)}</legend>
          <p className="text-muted-foreground text-sm">
            Tick none to ship to the whole country, or only the states this zone covers.
          </p>
          <div className="grid max-h-48 gap-1.5 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
            {subdivisions(code).map((s) => {
              const full = `${code}-${s.code}`;
              return (
                <div key={full} className="flex items-center gap-2">
                  <Checkbox
                    id={`zone-state-${full}`}
                    checked={states.includes(full)}
                    onCheckedChange={(on) => toggleState(full, on === true)}
                  />
                  <Label htmlFor={`zone-state-${full}`} className="font-normal">
                    {s.name}
                  </Label>
                </div>
              );
            })}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="w-fit"
            disabled={!states.some((s) => s.startsWith(`${code}-`))}
            onClick={() => onChange({ countries, states: states.filter((s) => !s.startsWith(`${code}-`)) })}
          >
            Whole country
          </Button>
        </fieldset>
      ))}
    </div>
  );
}
