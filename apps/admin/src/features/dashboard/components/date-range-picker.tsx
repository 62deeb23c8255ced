import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { cn } from '@cartwheel/ui/lib/utils';
import { Popover, PopoverContent, PopoverTrigger } from '@cartwheel/ui/popover';
import { Separator } from '@cartwheel/ui/separator';
import { CalendarDays, Check } from 'lucide-react';
import { useState } from 'react';
import { useDateRange } from '../use-date-range.ts';
import {
  customRange,
  type DayRange,
  describeDays,
  RANGE_PRESETS,
  type RangePreset,
  toDayString,
} from './date-ranges.ts';

/**
 * The dashboard's date-range button: presets (Today, Last 7 days, Last 30 days, This month...) or two
 * days of one's own. The figures are compared with the period of the same length just before.
 */
export function DateRangePicker({
  range,
  preset,
  comparison,
  onPreset,
  onCustom,
}: {
  range: DayRange;
  preset: RangePreset | null;
  /** The comparison range in words, once the server has answered. */
  comparison: string | null;
  onPreset: (preset: RangePreset) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(toDayString(range.from));
  const [to, setTo] = useState(toDayString(new Date(range.to.getTime() - 1)));
  const valid = customRange(from, to) !== null;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Popover
        open={open}
        onOpenChange={(next) => {
          if (next) {
            setFrom(toDayString(range.from));
            setTo(toDayString(new Date(range.to.getTime() - 1)));
          }
          setOpen(next);
        }}
      >
        <PopoverTrigger asChild>
          <Button variant="outline" data-testid="date-range-button">
            <CalendarDays aria-hidden="true" />
            {range.label}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-72 p-2">
          <ul className="flex flex-col" aria-label="Date range">
            {RANGE_PRESETS.map((p) => (
              <li key={p.key}>
                <button
                  type="button"
                  className={cn(
                    'flex w-full items-center justify-between rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                    preset === p.key && 'font-medium',
                  )}
                  aria-pressed={preset === p.key}
                  onClick={() => {
                    onPreset(p.key);
                    setOpen(false);
                  }}
                >
                  {p.label}
                  {preset === p.key ? <Check aria-hidden="true" className="size-4" /> : null}
                </button>
              </li>
            ))}
          </ul>
          <Separator className="my-2" />
          <form
            className="flex flex-col gap-2 px-2 pb-1"
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid) return;
              onCustom(from, to);
              setOpen(false);
            }}
          >
            <p className="font-medium text-sm">Custom range</p>
            <div className="grid grid-cols-2 gap-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor="range-from" className="text-xs">
                  From
                </Label>
                <Input id="range-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="range-to" className="text-xs">
                  To
                </Label>
                <Input id="range-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
              </div>
            </div>
            <Button type="submit" size="sm" disabled={!valid}>
              Apply
            </Button>
          </form>
        </PopoverContent>
      </Popover>
      {comparison ? <p className="text-muted-foreground text-sm">Compared to {comparison}</p> : null}
    </div>
  );
}

/**
 * The date-range button bound to the address bar (useDateRange), as the dashboard and Analytics show it;
 * `compare` is the server's comparison range once it has answered.
 */
export function AddressBarRangePicker({ compare }: { compare: { from: string; to: string } | undefined }) {
  const { range, preset, onPreset, onCustom } = useDateRange();
  return (
    <DateRangePicker
      range={range}
      preset={preset}
      comparison={compare ? describeDays(new Date(compare.from), new Date(compare.to)) : null}
      onPreset={onPreset}
      onCustom={onCustom}
    />
  );
}
