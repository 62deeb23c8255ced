import { describe, expect, it } from 'vitest';
import {
  applyCopyRules,
  articleFor,
  dropDoubledWords,
  fixArticles,
  fixItsAndItIs,
  fixMisspellings,
  fixUnits,
  withProtectedSpans,
} from './copy-rules.ts';

/** Each rule is checked on pairs [input, expected]; an expected of `null` means "left as written". */
type Case = [string, string | null];
const check = (rule: (text: string) => string) => (input: string, expected: string | null) => {
  const output = rule(input);
  expect(output).toBe(expected ?? input);
  // Running a rule on its own output changes nothing more.
  expect(rule(output)).toBe(output);
};

describe('a / an', () => {
  it.each<[string, 'a' | 'an' | null]>([
    ['apple', 'an'],
    ['mug', 'a'],
    ['enamel', 'an'],
    ['hour', 'an'],
    ['hourglass', 'an'],
    ['honest', 'an'],
    ['heirloom', 'an'],
    ['unit', 'a'],
    ['unique', 'a'],
    ['user-friendly', 'a'],
    ['umbrella', 'an'],
    ['unscented', 'an'],
    ['ukulele', 'a'],
    ['one-of-a-kind', 'a'],
    ['one-off', 'a'],
    ['oven', 'an'],
    ['onesie', 'a'],
    ['European', 'a'],
    ['euro', 'a'],
    ['eco-friendly', 'an'],
    ['MBA', 'an'],
    ['SUV', 'an'],
    ['NFC', 'an'],
    ['HDMI', 'an'],
    ['USB', 'a'],
    ['USB-C', 'a'],
    ['usb', 'a'],
    ['UV', 'a'],
    ['MP3', 'an'],
    ['X-ray', 'an'],
    ['U-shaped', 'a'],
    ['8', 'an'],
    ['8-inch', 'an'],
    ['11-piece', 'an'],
    ['18th', 'an'],
    ['80s', 'an'],
    ['12-pack', 'a'],
    ['100%', 'a'],
    ['iPhone', 'an'],
    ['eBay', 'an'],
    // Either is written by careful writers, or the word is not one an article goes before.
    ['historic', null],
    ['herb', null],
    ['LED', null],
    ['SKU', null],
    ['or', null],
    ['and', null],
    ['the', null],
  ])('%s takes %s', (word, article) => {
    expect(articleFor(word)).toBe(article);
  });

  it.each<Case>([
    ['A enamel mug', 'An enamel mug'],
    ['a enamel mug with a orange lid', 'an enamel mug with an orange lid'],
    ['an mug', 'a mug'],
    ['It takes a hour to charge.', 'It takes an hour to charge.'],
    ['Sold as an unit.', 'Sold as a unit.'],
    ['an one-size fit', 'a one-size fit'],
    ['Made for a MBA student', 'Made for an MBA student'],
    ['an European plug', 'a European plug'],
    ['a 8 oz cup and a 11-inch pan', 'an 8 oz cup and an 11-inch pan'],
    ['Great gift. A apple a day.', 'Great gift. An apple a day.'],
    ['An USB-C cable', 'A USB-C cable'],
    ['a MP3 player', 'an MP3 player'],
    ['"a ideal gift"', '"an ideal gift"'],
    ['(a eco bag)', '(an eco bag)'],
    ['A  apple', 'An  apple'],
    // Left as written.
    ['an apple a day', null],
    ['a unique gift', null],
    ['Grade A oak, vitamin A enriched', null],
    ['Plan A or plan B', null],
    ['choose option a or b', null],
    ['a historic design, an historic design', null],
    ['an LED lamp, a LED lamp', null],
    ['a-line skirt, 8 a.m. delivery', null],
    ['a la carte', null],
    ['Kanban board, a bandana', null],
    ['a\nenamel mug', null],
  ])('fixArticles(%j) is %j', (input, expected) => check(fixArticles)(input, expected));
});

describe("its / it's", () => {
  it.each<Case>([
    ['Its good.', "It's good."],
    ['its great for camping', "it's great for camping"],
    ['its perfect for tea', "it's perfect for tea"],
    ['its easy to clean', "it's easy to clean"],
    ['Its a gift', "It's a gift"],
    ['its not heavy', "it's not heavy"],
    ['its the best mug', "it's the best mug"],
    ['its also dishwasher safe', "it's also dishwasher safe"],
    ['its made of steel', "it's made of steel"],
    ['its designed for travel', "it's designed for travel"],
    ['its dishwasher-safe!', "it's dishwasher-safe!"],
    ["it's handle is wide", 'its handle is wide'],
    ["It's lid seals tight", 'Its lid seals tight'],
    ['it’s own case', 'its own case'],
    ["Keeps it's shape", 'Keeps its shape'],
    ["keeps it's contents hot", 'keeps its contents hot'],
    // Left as written: a noun may follow, or it is right already.
    ['its soft lining', null],
    ['its good looks', null],
    ['its perfect fit', null],
    ['its made-to-order frame', null],
    ['its designed look', null],
    ['its handle is wide', null],
    ["it's good", null],
    ["it's a gift", null],
    ["it's cotton", null],
    ["it's ready", null],
    ['its lid and its base', null],
    ['bits good, kits made of', null],
  ])('fixItsAndItIs(%j) is %j', (input, expected) => check(fixItsAndItIs)(input, expected));
});

describe('doubled words', () => {
  it.each<Case>([
    ['the the best', 'the best'],
    ['The the end', 'The end'],
    ['a a apple', 'a apple'],
    ['fits fits fits all', 'fits all'],
    ['keeps drinks cold cold', 'keeps drinks cold'],
    ['very  very soft', 'very soft'],
    // Left as written.
    ['pom pom hat', null],
    ['mahi mahi fillet', null],
    ['what it is is a mug', null],
    ['he had had it', null],
    ['the theme', null],
    ['Walla Walla onions', null],
    ['2 2 pack', null],
    ['the, the', null],
    ['the\nthe', null],
  ])('dropDoubledWords(%j) is %j', (input, expected) => check(dropDoubledWords)(input, expected));
});

describe('units', () => {
  it.each<Case>([
    ['12oz', '12 oz'],
    ['holds 12OZ of coffee', 'holds 12 oz of coffee'],
    ['5kg', '5 kg'],
    ['5KG', '5 kg'],
    ['5 KG', '5 kg'],
    ['5 Kg', '5 kg'],
    ['100ml', '100 ml'],
    ['100ML', '100 ml'],
    ['1.5l', '1.5 l'],
    ['2L', '2 L'],
    ['1,000mah', '1,000 mAh'],
    ['5000 MAH battery', '5000 mAh battery'],
    ['60W bulb, 12v adapter', '60 W bulb, 12 V adapter'],
    ['32gb card', '32 GB card'],
    ['10lbs', '10 lbs'],
    ['3ft cable', '3 ft cable'],
    ['20cm x 30cm', '20 cm x 30 cm'],
    ['12pcs', '12 pcs'],
    ['15" laptop', '15-inch laptop'],
    ['Screen: 15".', 'Screen: 15 inches.'],
    ['1"', '1 inch'],
    ['15″ screen', '15-inch screen'],
    ['15inch laptop', '15-inch laptop'],
    ['15inches wide', '15 inches wide'],
    ['10in', '10 in'],
    ['the chain is 18" long', 'the chain is 18 inches long'],
    ['a 13" one', 'a 13-inch one'],
    // Left as written.
    ['100 mL', null],
    ['100mL', '100 mL'],
    ['12 oz', null],
    ['15 inch laptop', null],
    ['100 Mbps, 1 Gb of data', null],
    ['the "Model 15" range', null],
    ['the “Model 15” range', null],
    ['4K, 5G, 3D, 2XL, 1st, 2nd, 10x zoom', null],
    ['size 5 M, 2 in 1', null],
    ['A4 paper, B52 mug, iPhone15', null],
    ['3-in-1 tool', null],
    ['1/2in', null],
    ['Model is 6\'1" and wears M', null],
    ['Model is 6’1″ tall', null],
  ])('fixUnits(%j) is %j', (input, expected) => check(fixUnits)(input, expected));
});

describe('misspellings', () => {
  it.each<Case>([
    ['recieve', 'receive'],
    ['Recieved with thanks', 'Received with thanks'],
    ['RECIEVE', 'RECEIVE'],
    ['order seperately', 'order separately'],
    ['stainless steal', 'stainless steel'],
    ['Stainless Steal', 'Stainless Steel'],
    ['teh best', 'the best'],
    ['alot of room', 'a lot of room'],
    ['a jewelery box', 'a jewelry box'],
    ['lifetime guarentee', 'lifetime guarantee'],
    // Left as written.
    ['jewellery, colour, aluminium', null],
    ['steal the show', null],
    ['receiver, Teheran', null],
  ])('fixMisspellings(%j) is %j', (input, expected) => check(fixMisspellings)(input, expected));
});

describe('protected spans', () => {
  const shout = (text: string) => withProtectedSpans(text, (masked) => masked.toUpperCase());
  it.each<[string, string]>([
    ['see https://example.com/a_b?x=1.', 'SEE https://example.com/a_b?x=1.'],
    ['visit www.cartwheel.shop/mugs, now', 'VISIT www.cartwheel.shop/mugs, NOW'],
    ['cartwheel.shop/help', 'cartwheel.shop/help'],
    ['mail help@cartwheel.shop today', 'MAIL help@cartwheel.shop TODAY'],
    ['sku MUG-12OZ and TS_001b', 'SKU MUG-12OZ AND TS_001b'],
    ['part B07XYZ123', 'PART B07XYZ123'],
    ['run `npm ci` first', 'RUN `npm ci` FIRST'],
    ['set max_size', 'SET max_size'],
    ['a 12-pack', 'A 12-PACK'],
  ])('keeps the URL, email, code or SKU in %j', (input, expected) => {
    expect(shout(input)).toBe(expected);
  });

  it.each<Case>([
    ['see www.example.com/its-a-a-12oz-mug', null],
    ['SKU MUG-12OZ: a enamel mug', 'SKU MUG-12OZ: an enamel mug'],
    ['`the the` is code, the the is not', '`the the` is code, the is not'],
    ['http://x.io/recieve teh', 'http://x.io/recieve the'],
  ])('applies no rule inside one: %j', (input, expected) => {
    check((text) => withProtectedSpans(text, applyCopyRules))(input, expected);
  });
});

describe('all rules together', () => {
  it.each<Case>([
    ['A enamel mug. Its good for camping.', "An enamel mug. It's good for camping."],
    ["a 12oz mug. it's handle stays cool", 'a 12 oz mug. its handle stays cool'],
    ['its a a ideal gift', "it's an ideal gift"],
    ['a 8" skillet', 'an 8-inch skillet'],
    ['recieve a a enamel mug', 'receive an enamel mug'],
    ['A simple mug that holds 350 ml.', null],
  ])('applyCopyRules(%j) is %j', (input, expected) => check(applyCopyRules)(input, expected));
});
