// The words of the demo shop's product reviews (demo-reviews.ts seeds them): mixed length and mood,
// a few with the shop's reply, two waiting for moderation.

type DemoReview = {
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  reply?: string;
  /** Waiting for moderation (the back office's queue has something to show). */
  pending?: true;
};

const r = (
  rating: DemoReview['rating'],
  title: string,
  body: string,
  extra: Partial<DemoReview> = {},
): DemoReview => ({
  rating,
  title,
  body,
  ...extra,
});

/** Reviews by product SKU, newest first. */
export const DEMO_REVIEWS: Record<string, DemoReview[]> = {
  'HL-TEE-001': [
    r(
      5,
      'My new favourite tee',
      'Bought the sage in a medium. Soft from the first wear and it has not shrunk after maybe ten washes. Ordering the navy next.',
    ),
    r(
      4,
      'Good tee, runs a little long',
      'Really nice cotton, heavier than the cheap multipacks. The hem is longer than I expected, which is fine tucked in but a bit much untucked. I am 5\'7" for reference.',
    ),
    r(
      3,
      'Colour not quite as pictured',
      'The clay is more of a brick orange in person. Fabric and fit are great though.',
      {
        reply:
          'Thanks for saying so, we have retaken the clay photos in daylight so they are closer to the real colour.',
      },
    ),
  ],
  'NP-MUG-002': [
    r(
      5,
      'Survived a week of camping',
      'Dropped it on rocks twice and it only has a tiny chip on the base. Coffee stays warm long enough if you drink it like a normal person.',
    ),
    r(
      4,
      'Nice mug, handle gets hot',
      'Looks great and the rim is comfortable. Do not put it on the grate and grab the handle, learned that the hard way.',
    ),
  ],
  'NP-TENT-003': [
    r(
      5,
      'Light and quick to pitch',
      'Set it up in about five minutes the first time, three after that. Stayed dry through a night of steady rain in the Cascades.',
    ),
    r(
      4,
      'Snug for two',
      'Great tent, but two adults with wide pads is tight. Perfect for one person plus gear, or two friends who really like each other.',
    ),
    r(
      2,
      'Zipper caught on the fly',
      'The tent itself is fine but the door zipper snagged on the fly fabric from the first trip. Takes two hands to close now.',
      {
        reply:
          'Sorry about that. Zippers should run freely, so we have emailed you about a replacement door panel under the warranty.',
      },
    ),
  ],
  'HL-CAP-004': [
    r(
      5,
      'Warm without being itchy',
      'I usually cannot wear wool on my forehead but this one is fine. Rolled cuff stays put.',
    ),
    r(4, 'Nice hat', 'Good weight, nice colour. A bit shallow for my big head.'),
  ],
  'TS-PACK-005': [
    r(
      5,
      'Carries my laptop and lunch every day',
      'Six months of bike commuting and it still looks new. The laptop sleeve fits a 14" machine with room to spare.',
    ),
    r(
      3,
      'Solid but the straps are thin',
      'Well made canvas and a good size. The shoulder straps dig in when it is full, I wish they had a little more padding.',
    ),
  ],
  'KS-MUG-006': [
    r(
      5,
      'Beautiful glaze',
      'Every speckle is a bit different. Holds a proper amount of tea and the handle fits three fingers.',
    ),
    r(5, 'Bought four', 'Gifted two and kept two. Dishwasher safe as promised.'),
    r(
      4,
      'Lovely, a bit heavy',
      'Really pretty mug. It is heavier than it looks, which I like, but my kids find it hard to hold.',
    ),
  ],
  'NP-BTL-007': [
    r(
      4,
      'Keeps water cold all day',
      'Ice still there the next morning. The lid is a little hard to clean around the gasket.',
    ),
    r(
      5,
      'Does exactly what it says',
      'Took it to the beach in 90° heat and the water stayed cold until evening. No sweating on the outside.',
    ),
  ],
  'NP-SOCK-008': [
    r(5, 'Best hiking socks I own', 'No blisters on a 14 mile day. They dry fast overnight too.'),
    r(
      4,
      'Comfortable, wearing thin at the heel',
      'Very comfortable and warm. After a season of heavy use the heels are getting thin, which is about what I expect for merino.',
    ),
    r(
      5,
      'Worth the price',
      'I was sceptical about paying this much for socks. I have since bought three more pairs.',
    ),
  ],
  'HL-WIND-009': [
    r(
      4,
      'Packs into its own pocket',
      'Light, packs small, blocks wind well. Not waterproof, which the listing does say, so no complaints.',
    ),
    r(3, 'Fine for the price', 'It does the job but it is quite noisy when you move. Sizing is true.'),
  ],
  'FN-NOTE-010': [
    r(
      5,
      'Fountain pen friendly',
      'No bleed-through with my medium nib. The dot grid is faint enough to ignore when I want to.',
    ),
    r(4, 'Good notebooks', 'Nice paper and they fit in a back pocket. The covers scuff quickly.'),
  ],
  'LW-LANT-011': [
    r(
      5,
      'Great for power cuts too',
      'We keep one in the kitchen drawer. Charged in a day on the windowsill and ran for two evenings.',
    ),
    r(
      3,
      'Dimmer than I hoped',
      'It charges well in sun but the brightest setting is only enough for a table, not a whole campsite.',
    ),
  ],
  'KS-POUR-012': [
    r(
      5,
      'Makes a better cup than my machine',
      'Simple, looks good on the counter, and the coffee is noticeably cleaner. Uses standard #2 filters.',
    ),
    r(
      4,
      'Lovely set, small carafe',
      'Beautiful stoneware. The carafe holds about two mugs, so not ideal when we have guests.',
    ),
  ],
  'NP-JKT-013': [
    r(
      5,
      'Dry in a downpour',
      'Walked 40 minutes in heavy rain and stayed dry underneath. Hood adjusts well and does not block my side view.',
    ),
    r(
      4,
      'Good jacket, sleeves long',
      'Really waterproof and breathes better than my old one. Sleeves are a bit long for me but the cuffs tighten.',
    ),
    r(
      2,
      'Sizing way off for me',
      'Ordered my usual large and it was huge. The return was easy, I will try a medium.',
      {
        reply:
          'Thank you for letting us know. This jacket is cut roomy for layering; we have added that to the size notes.',
      },
    ),
  ],
  'TS-TOTE-014': [
    r(
      5,
      'Gets better with age',
      'The wax has worn in nicely after a few months and it has some character now. Holds a full grocery run.',
    ),
  ],
  'NP-CHR-015': [
    r(
      4,
      'Comfortable and sturdy',
      'Much more comfortable than the chairs at the hardware store. Folding it back into the bag takes some practice.',
    ),
    r(
      5,
      'Bought two for the garden',
      'We use them more on the patio than camping. Holding up well in the sun.',
    ),
  ],
  'LW-TASK-016': [
    r(5, 'Gorgeous lamp', 'The brass is even nicer in person. The arm holds its position without drooping.'),
    r(
      4,
      'Beautiful, bulb not included',
      'Love the look. Just note you need your own bulb, I did not read that part.',
    ),
  ],
  'KS-BOWL-017': [
    r(5, 'Use them every day', 'Perfect sizes for salads, sides and snacks. Nest neatly in the cupboard.'),
  ],
  'HL-SHRT-018': [
    r(4, 'Perfect for summer', 'Breezy and soft, wrinkles like linen does. Fit is a bit boxy which I like.'),
    r(
      3,
      'Nice fabric, buttons loose',
      'Fabric is lovely but two buttons came loose in the first month. Easy to sew back on but still.',
    ),
  ],
  'NP-SLBG-019': [
    r(
      5,
      'Warm down to freezing',
      'Slept comfortably at 30°F in a base layer. Compresses small enough for my 40L pack.',
    ),
    r(
      4,
      'Warm but a snug cut',
      'Very warm. The mummy shape is tight around the shoulders if you sleep on your side.',
    ),
  ],
  'KS-CNDL-020': [
    r(5, 'Smells like a cabin', 'Not too sweet, just woodsy. Burns evenly with no tunnelling.'),
    r(
      4,
      'Lovely scent, weak throw',
      'Smells great up close but does not fill a large room. Perfect for a bedroom.',
    ),
    r(5, 'Third one I have bought', 'Nothing else to say really, I keep coming back to this one.'),
  ],
  'NP-POLE-021': [
    r(
      4,
      'Like new',
      'A few light scratches on the shaft, otherwise you would not know they were refurbished. Locks are solid.',
    ),
  ],
  'LW-STR-022': [
    r(
      5,
      'Cosy light',
      'Warm white is actually warm, not blue-ish like some others. We have them on the balcony year round.',
    ),
    r(
      3,
      'Pretty but the plug is short',
      'Nice lights, but the lead from the plug to the first bulb is short so we needed an extension cord.',
    ),
  ],
  'HL-HAT-023': [
    r(
      4,
      'Actually packable',
      'Crushed it in my bag for a week and it sprang back. The chin strap is handy on windy days.',
    ),
  ],
  'KS-BRD-024': [
    r(
      5,
      'A real heirloom piece',
      'Heavy, stable and kind to knives. Oil it once a month and it looks wonderful.',
    ),
    r(5, 'Stunning board', 'Bought as a wedding gift and the couple loved it.'),
  ],
  'TS-DUFF-025': [
    r(
      5,
      'Fits carry-on sizers',
      'Took it on three flights with no trouble. Fits a long weekend easily, and the shoe pocket is genuinely useful.',
    ),
    r(
      4,
      'Great bag, strap could be wider',
      'Well made. The shoulder strap is a bit narrow when the bag is full.',
    ),
  ],
  'NP-HDLP-026': [
    r(
      4,
      'Bright and comfortable',
      'Plenty of light for night hikes. Battery lasted two nights on medium. The button is a bit small with gloves.',
    ),
    r(
      5,
      'USB-C charging, finally',
      'No more hunting for AAAs. Red light mode is great for not waking everyone up in the tent.',
    ),
  ],
  'KS-SKIL-027': [
    r(
      5,
      'Seasoned properly out of the box',
      'Fried eggs on day one without sticking. Heavy, as cast iron should be.',
    ),
    r(
      4,
      'Great pan, rough surface',
      'Cooks beautifully. The surface is rougher than vintage pans but it is smoothing out with use.',
    ),
    r(1, 'Arrived with rust spots', 'There were small rust spots on the base when I opened the box.', {
      reply:
        'We are sorry it arrived like that. Moisture can get in during shipping; we have sent a replacement and a guide to re-seasoning.',
    }),
  ],
  'FN-PRNT-028': [
    r(5, 'Looks great framed', 'Print quality is crisp and the paper is heavy. Fits a standard frame.'),
  ],
  'LW-TBL-029': [
    r(
      4,
      'Soft, warm light',
      'Gives the living room a lovely glow. The shade arrived slightly dented but popped back out.',
    ),
  ],
  'HL-HOOD-030': [
    r(5, 'Warm and not bulky', 'I live in this. Good pockets and the hood is roomy.'),
    r(4, 'Cosy', 'Comfy and warm. Has pilled a little under the arms after a couple of months.'),
  ],
  'FN-EBK-031': [
    r(
      4,
      'Practical advice',
      'Short and to the point. The packing checklists alone were worth it for our first family trip.',
    ),
    r(
      3,
      'Good for beginners',
      'If you have camped before you will not learn much, but I passed it on to my sister who found it useful.',
    ),
  ],
  'KS-PLNT-032': [
    r(
      5,
      'Good drainage',
      'Nice thick terracotta and the drainage hole is a sensible size. My fiddle leaf fig is happy.',
    ),
  ],
  'NP-STOV-033': [
    r(
      4,
      'Charming and it works',
      'A real vintage stove, cleaned up well. Simmer control is not precise but it boils water fast.',
    ),
  ],
  'TS-HIP-034': [
    r(4, 'Handy for walks', 'Holds phone, keys, poop bags and treats. Roll-top keeps drizzle out.'),
  ],
  'LW-PEND-035': [
    r(
      5,
      'Makes the dining room',
      'The globe is lovely glass and gives a soft, even light. Our electrician said it was easy to install.',
    ),
  ],
  'KS-TOWL-036': [
    r(4, 'Absorbent after a few washes', 'A bit stiff at first but they soften up and dry dishes well now.'),
  ],
  'NP-HMCK-037': [
    r(5, 'Tiny when packed', 'Fits in a jacket pocket. Comfortable for an afternoon nap between two trees.'),
    r(3, 'Buy the straps', 'Hammock is great but it really needs tree straps, which are sold separately.', {
      pending: true,
    }),
  ],
  'KS-GRND-039': [
    r(
      4,
      'Consistent grind',
      'Refurbished but looked new. Grind is much more even than my old blade grinder. A bit loud.',
    ),
  ],
  'HL-SCRF-040': [r(5, 'Soft and warm', 'Really soft for recycled fleece, and long enough to wrap twice.')],
  'FN-PEN-041': [
    r(
      5,
      'Satisfying little pen',
      'Small in the pocket, full size when posted. The brass is already getting a nice patina.',
    ),
    r(4, 'Nice, refills are pricey', 'Love it, but the refills cost more than I expected.'),
  ],
  'KS-THRW-042': [
    r(5, 'Lovely texture', 'Heavy enough to feel cosy, light enough for summer evenings.'),
    r(
      4,
      'Slightly smaller than expected',
      'Nice quality. Covers two people on the sofa only if they are friendly.',
    ),
  ],
  'TS-RUCK-043': [
    r(
      5,
      'Beautiful leather',
      'Some scuffs as expected with vintage, which I like. Straps and buckles all solid.',
    ),
  ],
  'LW-CLIP-044': [
    r(
      3,
      'Does the job',
      'Bright enough for reading in bed. The clip is strong but scratched my headboard a little.',
    ),
  ],
  'FN-BOOK-045': [
    r(
      5,
      'Perfect for walks with kids',
      'Clear drawings, sturdy cover. We have identified a dozen trees on our street already.',
    ),
  ],
  'HL-VEST-046': [
    r(
      4,
      'Warm core, free arms',
      'Great for cold mornings on the bike. Runs a little small, size up if between sizes.',
      { pending: true },
    ),
  ],
};
