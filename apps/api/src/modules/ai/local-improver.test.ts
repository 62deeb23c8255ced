import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalImprover, tidyDescription, tidyName } from './local-improver.ts';

/** The words of a text, lower-cased, in order: what the improver must never change. */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];

describe('the local improver', () => {
  it.each([
    ['  waterproof   hiking jacket. ', 'Waterproof Hiking Jacket'],
    ['CLASSIC CANVAS TOTE', 'Classic Canvas Tote'],
    ['insulated water bottle 32 oz', 'Insulated Water Bottle 32 oz'],
    ['the best of the trail', 'The Best of the Trail'],
    ['iPhone 15 case , usb-c cable', 'iPhone 15 Case, USB-C Cable'],
    ['all-weather  picnic blanket!!!', 'All-Weather Picnic Blanket!'],
    ['Merino Trail Socks (3 pack)', 'Merino Trail Socks (3 Pack)'],
  ])('tidies the name %j into %j', (input, expected) => {
    expect(tidyName(input)).toBe(expected);
  });

  it('tidies spacing, punctuation and sentence case in a description and ends it with a full stop', () => {
    expect(tidyDescription('  soft cotton tee ,pre-shrunk.machine wash cold  ')).toBe(
      'Soft cotton tee, pre-shrunk. Machine wash cold.',
    );
    expect(tidyDescription('great for camping!!  keeps drinks cold for 24 hours')).toBe(
      'Great for camping! Keeps drinks cold for 24 hours.',
    );
    expect(tidyDescription('fits 13 in. laptops. e.g. the air')).toBe('Fits 13 in. laptops. E.g. the air.');
  });

  it('keeps paragraphs and lists, tidying each', () => {
    const input = 'handmade mug\nholds 12 oz\n\n- dishwasher safe\n-  microwave safe';
    expect(tidyDescription(input)).toBe('Handmade mug holds 12 oz.\n\n- Dishwasher safe\n- Microwave safe');
  });

  it('gives a long first sentence a clear break at its semicolon', () => {
    const long =
      'this rugged pack carries everything you need for a long weekend in the hills; it has a padded laptop sleeve, two side pockets and a rain cover tucked into the base. it weighs 1.2 kg.';
    expect(tidyDescription(long)).toBe(
      'This rugged pack carries everything you need for a long weekend in the hills. It has a padded laptop sleeve, two side pockets and a rain cover tucked into the base. It weighs 1.2 kg.',
    );
  });

  it('calms a description written in capitals', () => {
    expect(tidyDescription('THE WARMEST HAT WE MAKE. 100% WOOL.')).toBe(
      'The warmest hat we make. 100% wool.',
    );
  });

  it.each([
    ['A enamel mug. Its good for camping.', "An enamel mug. It's good for camping."],
    [
      "a enamel mug.it's handle stays cool , holds 12oz",
      'An enamel mug. Its handle stays cool, holds 12 oz.',
    ],
    ['the the lightest tent tent we make. 1.2kg', 'The lightest tent we make. 1.2 kg.'],
    ['fits a 15" laptop.recieve it in a hour', 'Fits a 15-inch laptop. Receive it in an hour.'],
    ['its perfect for a afternoon hike!!', "It's perfect for an afternoon hike!"],
    ['- a 8 oz cup\n- its lid is  leak-proof', '- An 8 oz cup\n- Its lid is leak-proof'],
    ['see cartwheel.shop/its-a-a-mug or SKU MUG-12OZ.', 'See cartwheel.shop/its-a-a-mug or SKU MUG-12OZ.'],
    ['MUG-12OZ holds a hour of tea', 'MUG-12OZ holds an hour of tea.'],
  ])('fixes the grammar of the description %j into %j', (input, expected) => {
    expect(tidyDescription(input)).toBe(expected);
  });

  it.each([
    ['a enamel mug 12oz', 'An Enamel Mug 12 oz'],
    ['the the trail mug', 'The Trail Mug'],
    ['Stainless Steal Bottle 1l', 'Stainless Steel Bottle 1 l'],
    ['TRAIL MUG MUG-12OZ', 'Trail Mug MUG-12OZ'],
  ])('fixes the grammar of the name %j into %j', (input, expected) => {
    expect(tidyName(input)).toBe(expected);
  });

  it('is deterministic, stable when run again, keeps every word of correct text and invents nothing', async () => {
    const improver = createLocalImprover();
    const samples = [
      { name: 'ceramic  pour-over set', description: 'includes dripper,carafe and 2 cups.brews 600 ml' },
      { name: 'TENT', description: '' },
      { name: 'Gift card $50', description: 'Use online; never expires!!!\n\n\n\nNo fees' },
      { name: 'a', description: '1,000 thread count sheets. size: queen. 3:30 delivery' },
    ];
    for (const sample of samples) {
      const first = await improver.improve(sample);
      expect(await improver.improve(sample)).toEqual(first);
      expect(await improver.improve(first)).toEqual(first);
      expect(words(first.name)).toEqual(words(sample.name));
      expect(words(first.description)).toEqual(words(sample.description));
    }
  });

  it('finds nothing more to change in its own answer, whatever mix of tricky words it gets', () => {
    const vocabulary = ['a', 'an', 'A', 'An', 'its', "it's", 'the', 'mug', 'enamel', 'hour', 'unit', 'good'];
    vocabulary.push('handle', '12oz', '5 KG', '15"', '"', '.', ',', '!!', '  ', '\n', '\n\n', '- ', '(', ')');
    vocabulary.push('MUG-12OZ', 'cartwheel.shop', 'https://x.io/a', '`x y`', 'recieve', 'pom', '8', 'in');
    vocabulary.push('USB', 'LED', 'e.g.', 'great', 'for', 'made', 'of', 'one', 'European', 'own', '1,000');
    const text = (max: number) => fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: max });
    fc.assert(
      fc.property(text(8), text(25), (name, description) => {
        const once = { name: tidyName(name.join(' ')), description: tidyDescription(description.join(' ')) };
        expect({ name: tidyName(once.name), description: tidyDescription(once.description) }).toEqual(once);
      }),
      { seed: 17, numRuns: 500 },
    );
  });

  it('leaves an empty description empty', async () => {
    expect(await createLocalImprover().improve({ name: 'lamp', description: '   ' })).toEqual({
      name: 'Lamp',
      description: '',
    });
  });
});
