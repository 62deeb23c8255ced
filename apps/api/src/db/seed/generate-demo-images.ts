// Draws the demo shop's product pictures: one flat SVG illustration per image in demo-data.ts,
// rendered to AVIF and WebP at every width an upload gets (the same renderVariants), so the demo
// shop's pages load like a real shop's.
// Run: node --import tsx apps/api/src/db/seed/generate-demo-images.ts  (output is committed).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_IMAGES_DIR } from '../../lib/paths.ts';
import { renderVariants } from '../../modules/uploads/image-variants.ts';
import { type ArtKind, DEMO_IMAGE_SIZE, DEMO_PRODUCTS, type DemoImage, demoImageFile } from './demo-data.ts';

/** Colours one drawing uses: main, accent, darker and lighter main. */
interface Paint {
  m: string;
  a: string;
  d: string;
  l: string;
}

type Draw = (c: Paint) => string;

function mix(hex: string, other: string, t: number): string {
  const rgb = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [rgb(hex), rgb(other)];
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] ?? 0) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const tint = (hex: string, t: number) => mix(hex, '#ffffff', t);
const shade = (hex: string, t: number) => mix(hex, '#000000', t);

/** A path's outline without a fill (stroke colour, width). */
const line = (d: string, stroke: string, width: number) =>
  `<path fill="none" stroke="${stroke}" stroke-width="${width}" d="${d}"/>`;

// Garments share one silhouette; the details make the kind.
const LONG_SLEEVES =
  'M310 165L230 190Q190 205 180 260L150 600L215 612L250 340L255 650H545L550 340L585 612L650 600L620 260Q610 205 570 190L490 165Q400 215 310 165Z';

const ART: Record<ArtKind, Draw> = {
  tee: (c) =>
    `<path fill="${c.m}" d="M310 170L220 200L140 300L215 370L260 330V650H540V330L585 370L660 300L580 200L490 170Q400 240 310 170Z"/>${line('M318 178Q400 238 482 178', c.a, 14)}${line('M215 370L260 330M585 370L540 330', c.d, 8)}`,
  shirt: (c) =>
    `<path fill="${c.m}" d="${LONG_SLEEVES}"/><path fill="${c.l}" d="M310 165L400 235L345 260ZM490 165L400 235L455 260Z"/>${line('M400 235V650', c.d, 6)}${[280, 350, 420, 490, 560].map((y) => `<circle cx="400" cy="${y}" r="9" fill="${c.a}"/>`).join('')}<rect x="440" y="300" width="60" height="70" rx="6" fill="${c.l}"/>`,
  jacket: (c) =>
    `<path fill="${c.d}" d="M320 180Q300 100 400 95Q500 100 480 180Z"/><path fill="${c.m}" d="${LONG_SLEEVES}"/>${line('M400 200V650', c.a, 12)}${line('M285 470H365M435 470H515M150 600L215 612M650 600L585 612', c.d, 10)}`,
  hoodie: (c) =>
    `<path fill="${c.d}" d="M315 185Q290 90 400 85Q510 90 485 185Z"/><path fill="${c.m}" d="${LONG_SLEEVES}"/><path fill="${c.d}" d="M310 490H490L525 600H275Z"/>${line('M380 205V290M420 205V290', c.a, 7)}${line('M255 620H545', c.d, 12)}`,
  vest: (c) =>
    `<path fill="${c.m}" d="M310 165L240 190Q262 260 255 330V650H545V330Q538 260 560 190L490 165Q400 215 310 165Z"/>${line('M255 300H545M255 380H545M255 460H545M255 540H545', c.d, 6)}${line('M400 205V650', c.a, 12)}`,
  beanie: (c) =>
    `<circle cx="400" cy="215" r="55" fill="${c.a}"/><path fill="${c.m}" d="M220 520Q220 260 400 250Q580 260 580 520Z"/>${line('M300 300V510M350 268V510M400 258V510M450 268V510M500 300V510', c.d, 6)}<rect x="200" y="500" width="400" height="120" rx="30" fill="${c.d}"/>`,
  sunhat: (c) =>
    `<ellipse cx="400" cy="510" rx="290" ry="85" fill="${c.m}"/><path fill="${c.l}" d="M265 505Q265 290 400 290Q535 290 535 505Z"/><path fill="${c.a}" d="M267 440Q400 475 533 440L535 495Q400 530 265 495Z"/>${line('M300 540Q320 650 400 660', c.d, 5)}`,
  socks: (c) => {
    const sock = (fill: string) =>
      `<path fill="${fill}" d="M300 160H420V430L520 520Q560 560 520 610Q490 640 440 610L300 480Z"/><path fill="${c.a}" d="M300 160H420V215H300Z"/>${line('M300 260H420', c.a, 14)}`;
    return `<g transform="translate(-110 30)">${sock(c.d)}</g><g transform="translate(40 0)">${sock(c.m)}</g>`;
  },
  scarf: (c) =>
    `<path fill="${c.m}" d="M250 150Q400 235 550 150L565 240Q400 325 235 240Z"/><path fill="${c.d}" d="M420 270L500 255L535 590L445 600Z"/><path fill="${c.m}" d="M300 255L385 270L365 610L270 600Z"/>${line('M285 500L372 508M282 540L370 548M450 500L528 492M454 540L532 532', c.a, 12)}${line('M280 605V645M305 607V647M330 609V649M355 611V651M450 602V642M475 600V640M500 597V637M525 594V634', c.a, 6)}`,
  tent: (c) =>
    `<path fill="${c.m}" d="M130 640L400 200L670 640Z"/><path fill="${c.d}" d="M400 200L480 640H320Z"/><path fill="${c.a}" d="M400 330L440 640H360Z"/>${line('M240 410L400 200L560 410', c.l, 8)}${line('M90 640H710', c.d, 8)}`,
  sleepingbag: (c) =>
    `<path fill="${c.m}" d="M300 180Q400 130 500 180Q540 220 530 300L500 620Q400 670 300 620L270 300Q260 220 300 180Z"/><ellipse cx="400" cy="230" rx="75" ry="55" fill="${c.d}"/>${line('M285 330Q400 355 515 330M288 410Q400 435 510 410M292 490Q400 515 505 490M296 570Q400 595 500 570', c.d, 6)}${line('M470 240L462 610', c.a, 9)}`,
  lantern: (c) =>
    `${line('M330 195Q400 100 470 195', c.d, 12)}<path fill="${c.d}" d="M300 255L340 190H460L500 255Z"/><rect x="300" y="255" width="200" height="300" rx="20" fill="${c.l}"/><circle cx="400" cy="405" r="75" fill="${c.a}"/><circle cx="400" cy="405" r="32" fill="#fff"/>${line('M350 255V555M450 255V555', c.d, 8)}<rect x="280" y="550" width="240" height="75" rx="16" fill="${c.m}"/>`,
  headlamp: (c) =>
    `<ellipse cx="400" cy="400" rx="240" ry="150" fill="none" stroke="${c.m}" stroke-width="44"/><rect x="300" y="455" width="200" height="140" rx="32" fill="${c.d}"/><circle cx="400" cy="525" r="48" fill="${c.a}"/><circle cx="400" cy="525" r="20" fill="#fff"/>`,
  bottle: (c) =>
    `<rect x="320" y="150" width="160" height="75" rx="18" fill="${c.d}"/><path fill="${c.m}" d="M340 220H460V260Q520 290 520 350V610Q520 650 480 650H320Q280 650 280 610V350Q280 290 340 260Z"/><rect x="280" y="400" width="240" height="110" fill="${c.a}"/>${line('M310 340V380M310 530V610', '#ffffff', 10)}`,
  chair: (c) =>
    `${line('M250 640L520 380M550 640L280 380', c.d, 16)}<path fill="${c.m}" d="M260 200H540L520 400H280Z"/><path fill="${c.a}" d="M235 400H565Q545 475 400 475Q255 475 235 400Z"/>${line('M225 360H300M500 360H575', c.d, 16)}`,
  hammock: (c) =>
    `${line('M150 240V650M650 240V650', c.d, 24)}${line('M150 290L240 390M650 290L560 390', c.d, 6)}<path fill="${c.m}" d="M240 385Q400 620 560 385Q400 480 240 385Z"/>${line('M285 440Q400 545 515 440', c.a, 10)}`,
  poles: (c) =>
    `${line('M300 230L360 640M500 230L440 640', c.l, 14)}<rect x="270" y="150" width="50" height="140" rx="22" fill="${c.a}" transform="rotate(-8 295 220)"/><rect x="480" y="150" width="50" height="140" rx="22" fill="${c.a}" transform="rotate(8 505 220)"/><circle cx="354" cy="595" r="30" fill="${c.m}"/><circle cx="446" cy="595" r="30" fill="${c.m}"/>${line('M285 155Q250 100 305 110M515 155Q550 100 495 110', c.d, 8)}`,
  stove: (c) =>
    `<rect x="220" y="150" width="360" height="170" rx="16" fill="${c.d}"/><rect x="220" y="320" width="360" height="270" rx="24" fill="${c.m}"/><path fill="${c.a}" d="M310 330Q325 270 340 330ZM460 330Q475 270 490 330Z"/>${line('M260 345H540', c.d, 8)}<circle cx="310" cy="470" r="30" fill="${c.a}"/><circle cx="490" cy="470" r="30" fill="${c.a}"/>${line('M250 590V640M550 590V640', c.d, 14)}`,
  mug: (c) => mug(c, ''),
  'stoneware-mug': (c) =>
    mug(
      c,
      [
        [300, 350],
        [360, 420],
        [450, 330],
        [480, 480],
        [330, 520],
        [410, 560],
        [500, 400],
        [290, 440],
        [390, 360],
        [460, 600],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${c.a}"/>`)
        .join(''),
    ),
  pourover: (c) =>
    `<path fill="#e8eef0" d="M290 420H510L560 600Q560 650 510 650H290Q240 650 240 600Z"/><path fill="${c.a}" d="M256 560H544L556 600Q556 640 510 640H290Q244 640 244 600Z"/><path fill="${c.m}" d="M260 240H540L450 420H350Z"/><rect x="240" y="225" width="320" height="30" rx="12" fill="${c.d}"/>`,
  bowls: (c) =>
    `<path fill="${c.l}" d="M300 260H500Q495 400 400 400Q305 400 300 260Z"/><path fill="${c.d}" d="M230 340H570Q560 530 400 530Q240 530 230 340Z"/><path fill="${c.m}" d="M160 430H640Q630 650 400 650Q170 650 160 430Z"/>${line('M300 262H500M232 342H568M162 432H638', c.a, 12)}`,
  board: (c) =>
    `<defs><pattern id="g" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${c.d}"/><rect x="40" y="40" width="40" height="40" fill="${c.d}"/></pattern></defs><rect x="190" y="220" width="420" height="400" rx="40" fill="${c.a}"/><rect x="190" y="220" width="420" height="400" rx="40" fill="url(#g)" stroke="${c.m}" stroke-width="14"/><rect x="350" y="250" width="100" height="34" rx="17" fill="${c.m}"/>`,
  skillet: (c) =>
    `<rect x="500" y="370" width="230" height="54" rx="27" fill="${c.d}" transform="rotate(-20 500 397)"/><circle cx="360" cy="420" r="195" fill="${c.d}"/><circle cx="360" cy="420" r="165" fill="${c.m}"/><ellipse cx="345" cy="415" rx="75" ry="60" fill="#ffffff"/><circle cx="355" cy="410" r="26" fill="#f2b233"/>`,
  throw: (c) =>
    `<defs><pattern id="w" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M0 0H30V30" fill="none" stroke="${c.d}" stroke-width="4"/></pattern></defs><rect x="200" y="470" width="400" height="150" rx="30" fill="${c.d}"/><rect x="180" y="330" width="440" height="150" rx="30" fill="${c.m}"/><rect x="180" y="330" width="440" height="150" rx="30" fill="url(#w)"/><rect x="210" y="200" width="380" height="140" rx="30" fill="${c.l}"/>${line('M210 270H590M180 405H620M200 545H600', c.a, 10)}`,
  candle: (c) =>
    `<circle cx="400" cy="205" r="75" fill="#ffd66b" fill-opacity=".35"/><path fill="#f6b73c" d="M400 150Q440 210 400 248Q360 210 400 150Z"/>${line('M400 300V245', '#2b2b2b', 6)}<rect x="280" y="300" width="240" height="340" rx="30" fill="${c.m}"/><ellipse cx="400" cy="302" rx="118" ry="22" fill="${c.l}"/><rect x="280" y="420" width="240" height="130" fill="${c.a}"/>`,
  planter: (c) => {
    const leaves: Array<[number, number, number]> = [
      [330, 250, -40],
      [480, 235, 40],
      [400, 225, 0],
      [300, 320, -70],
      [500, 310, 70],
    ];
    const leaf = ([x, y, r]: [number, number, number]) =>
      `<ellipse cx="${x}" cy="${y}" rx="34" ry="70" fill="${c.a}" transform="rotate(${r} ${x} ${y})"/>`;
    return `${line('M400 390V250M400 330L330 260M400 310L480 240', c.d, 8)}${leaves.map(leaf).join('')}<path fill="${c.m}" d="M255 420H545L510 640H290Z"/><rect x="235" y="380" width="330" height="60" rx="12" fill="${c.d}"/>`;
  },
  towels: (c) =>
    `${line('M150 200H650', c.d, 18)}<rect x="210" y="190" width="180" height="420" rx="10" fill="${c.m}"/><rect x="410" y="190" width="180" height="380" rx="10" fill="${c.l}"/>${line('M210 520H390M210 550H390', c.a, 12)}${line('M410 480H590M410 510H590', c.m, 12)}`,
  grinder: (c) =>
    `<path fill="${c.l}" d="M320 160H480L460 300H340Z"/><rect x="280" y="290" width="240" height="350" rx="30" fill="${c.m}"/><rect x="320" y="480" width="160" height="130" rx="14" fill="${c.d}"/><circle cx="400" cy="380" r="42" fill="${c.a}"/>${line('M400 355V380', c.d, 8)}`,
  tasklamp: (c) =>
    `<path fill="#fff3c4" d="M470 395L610 390L680 640H400Z" opacity=".7"/><ellipse cx="290" cy="630" rx="115" ry="28" fill="${c.d}"/>${line('M290 620L370 390L500 290', c.m, 16)}<circle cx="370" cy="390" r="20" fill="${c.a}"/><circle cx="500" cy="290" r="18" fill="${c.a}"/><path fill="${c.m}" d="M490 260L580 240L640 380L460 410Z"/>`,
  cliplight: (c) =>
    `<rect x="230" y="560" width="200" height="60" rx="14" fill="${c.d}"/>${line('M330 560Q320 380 470 300', c.m, 16)}<path fill="${c.m}" d="M440 250L560 220L590 320L470 350Z"/><path fill="${c.a}" d="M470 350L590 320L650 480L500 520Z" opacity=".55"/>`,
  pendant: (c) =>
    `${line('M400 50V270', c.d, 8)}<rect x="370" y="250" width="60" height="50" rx="8" fill="${c.a}"/><circle cx="400" cy="440" r="165" fill="${c.m}" stroke="${shade(c.m, 0.25)}" stroke-width="8"/><circle cx="400" cy="450" r="70" fill="${c.a}" opacity=".85"/>${line('M300 410Q310 340 370 310', '#ffffff', 14)}`,
  stringlights: (c) => {
    const strand = (x0: number, y0: number, cx: number, cy: number, x1: number, y1: number) => {
      const bulbs = [0.1, 0.3, 0.5, 0.7, 0.9].map((t) => {
        const x = Math.round((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1);
        const y = Math.round((1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1);
        return `<rect x="${x - 9}" y="${y}" width="18" height="18" fill="${c.m}"/><circle cx="${x}" cy="${y + 40}" r="24" fill="${c.a}"/>`;
      });
      return line(`M${x0} ${y0}Q${cx} ${cy} ${x1} ${y1}`, c.m, 6) + bulbs.join('');
    };
    return `${strand(60, 180, 400, 420, 740, 180)}${strand(60, 400, 400, 640, 740, 400)}`;
  },
  tablelamp: (c) =>
    `<path fill="${c.a}" d="M270 170H530L580 360H220Z"/><path fill="${c.m}" d="M400 360Q520 380 510 500Q500 600 400 610Q300 600 290 500Q280 380 400 360Z"/><rect x="330" y="600" width="140" height="38" rx="10" fill="${c.d}"/>`,
  backpack: (c) => pack(c, false),
  rucksack: (c) => pack(c, true),
  tote: (c) =>
    `${line('M320 330Q320 170 400 170Q480 170 480 330', c.a, 22)}<path fill="${c.m}" d="M230 320H570L550 640H250Z"/><path fill="${c.d}" d="M242 540H558L550 640H250Z"/>`,
  duffel: (c) =>
    `${line('M210 400Q400 150 590 400', c.d, 16)}<rect x="140" y="340" width="520" height="260" rx="130" fill="${c.m}"/><ellipse cx="215" cy="470" rx="60" ry="120" fill="${c.a}"/><ellipse cx="585" cy="470" rx="60" ry="120" fill="${c.a}"/>${line('M270 355H530', c.d, 10)}`,
  hippack: (c) =>
    `${line('M70 410Q400 320 730 410', c.a, 24)}<path fill="${c.m}" d="M220 360Q400 310 580 360Q640 460 560 540Q400 580 240 540Q160 460 220 360Z"/><rect x="280" y="325" width="240" height="44" rx="14" fill="${c.d}"/><rect x="640" y="378" width="50" height="36" rx="6" fill="${c.d}"/>`,
  notebooks: (c) =>
    [
      [c.a, -12],
      [c.d, -3],
      [c.m, 7],
    ]
      .map(
        ([fill, r]) =>
          `<rect x="270" y="200" width="260" height="380" rx="14" fill="${fill}" transform="rotate(${r} 400 400)"/>`,
      )
      .join('') + line('M480 212L452 590', '#f4f1ea', 10),
  print: (c) =>
    `<rect x="200" y="140" width="400" height="500" fill="${c.d}"/><rect x="230" y="170" width="340" height="440" fill="#fbf8f2"/>${line('M250 300Q330 250 400 290Q470 330 550 280M250 240Q330 190 400 230Q470 270 550 220', c.l, 6)}<circle cx="500" cy="260" r="30" fill="${c.a}"/><path fill="${c.m}" d="M250 580L350 390L420 480L480 350L550 580Z"/>`,
  ebook: (c) =>
    `<rect x="240" y="140" width="320" height="500" rx="36" fill="#2b2b2b"/><rect x="265" y="180" width="270" height="410" rx="8" fill="${c.m}"/><circle cx="460" cy="250" r="26" fill="${c.a}"/><path fill="${c.a}" d="M320 480L400 360L480 480Z"/>${line('M310 530H490M345 560H455', '#ffffff', 8)}`,
  book: (c) =>
    `<path fill="#fbf8f2" d="M540 175H568V605H540Z"/><rect x="250" y="160" width="300" height="460" rx="10" fill="${c.m}"/><rect x="250" y="160" width="40" height="460" fill="${c.d}"/><path fill="${c.a}" d="M420 250Q520 330 420 480Q320 330 420 250Z"/>${line('M420 270V530', c.d, 8)}`,
  giftcard: (c) =>
    `<g transform="rotate(-6 400 400)"><rect x="170" y="250" width="460" height="300" rx="28" fill="${c.m}"/><rect x="440" y="250" width="40" height="300" fill="${c.a}"/><rect x="170" y="330" width="460" height="40" fill="${c.a}"/><ellipse cx="425" cy="320" rx="42" ry="24" fill="${c.a}" transform="rotate(-30 425 320)"/><ellipse cx="495" cy="320" rx="42" ry="24" fill="${c.a}" transform="rotate(30 495 320)"/><text x="215" y="515" font-family="sans-serif" font-size="64" font-weight="700" fill="#ffffff" stroke="none">$50</text></g>`,
  pen: (c) =>
    `<g transform="rotate(-35 400 400)"><rect x="370" y="120" width="60" height="470" rx="28" fill="${c.m}"/><path fill="${c.d}" d="M372 570L400 665L428 570Z"/><rect x="424" y="160" width="18" height="170" rx="9" fill="${c.a}"/><rect x="370" y="340" width="60" height="16" fill="${c.d}"/></g>`,
  organizer: (c) =>
    `<rect x="260" y="230" width="26" height="200" rx="10" fill="${c.a}" transform="rotate(-12 273 330)"/><rect x="300" y="250" width="26" height="180" rx="10" fill="#2c5aa0" transform="rotate(6 313 340)"/><rect x="180" y="340" width="440" height="60" rx="10" fill="${c.l}"/><path fill="${c.m}" d="M170 380H630V580Q630 620 590 620H210Q170 620 170 580Z"/>${line('M340 395V610M490 395V610', c.d, 8)}`,
  kit: (c) =>
    `<rect x="300" y="200" width="32" height="220" rx="14" fill="${c.a}" transform="rotate(-14 316 310)"/><circle cx="480" cy="330" r="85" fill="#3a3a3a"/><rect x="190" y="380" width="420" height="250" rx="16" fill="${c.m}"/>${line('M190 470H610M190 550H610', c.d, 8)}<rect x="245" y="410" width="90" height="26" rx="13" fill="${c.d}"/><rect x="465" y="410" width="90" height="26" rx="13" fill="${c.d}"/>`,
};

function mug(c: Paint, decoration: string): string {
  return `${line('M520 340Q620 340 620 430Q620 520 520 520', c.d, 36)}<path fill="${c.m}" d="M250 260H530V580Q530 640 470 640H310Q250 640 250 580Z"/><ellipse cx="390" cy="260" rx="140" ry="30" fill="${c.l}"/>${line('M252 262Q390 300 528 262', c.a, 12)}${decoration}${line('M340 200Q320 160 345 120M400 200Q380 160 405 120M460 200Q440 160 465 120', c.d, 10)}`;
}

function pack(c: Paint, buckles: boolean): string {
  const front = buckles
    ? `${line('M340 330V430M460 330V430', c.a, 16)}<rect x="322" y="420" width="36" height="30" rx="4" fill="${c.a}"/><rect x="442" y="420" width="36" height="30" rx="4" fill="${c.a}"/>`
    : `<rect x="300" y="450" width="200" height="145" rx="30" fill="${c.d}"/><rect x="370" y="370" width="60" height="40" rx="6" fill="${c.a}"/>`;
  return `${line('M360 195Q400 140 440 195', c.d, 14)}${line('M300 260Q255 420 300 600M500 260Q545 420 500 600', c.d, 26)}<rect x="260" y="190" width="280" height="440" rx="70" fill="${c.m}"/><path fill="${c.d}" d="M260 260Q260 190 330 190H470Q540 190 540 260V${buckles ? 440 : 330}H260Z"/>${front}`;
}

/** One picture: backdrop by view, the drawing in the product's colours, a soft shadow. */
export function renderImage(art: ArtKind, image: DemoImage): string {
  const { main, accent, view } = image;
  const paint: Paint = { m: main, a: accent, d: shade(main, 0.3), l: tint(main, 0.35) };
  const bg = [tint(main, 0.85), tint(accent, 0.78), tint(main, 0.7), '#f4efe6'][view];
  const backdrop =
    view === 3
      ? `<defs><pattern id="dots" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="3" fill="${tint(main, 0.55)}"/></pattern></defs><rect width="800" height="800" fill="url(#dots)"/>`
      : '';
  const transform = [
    '',
    ' transform="rotate(-8 400 420)"',
    ' transform="translate(400 400) scale(1.55) translate(-400 -360)"',
    '',
  ][view];
  const shadow =
    view === 2 ? '' : '<ellipse cx="400" cy="672" rx="240" ry="24" fill="#000" fill-opacity=".1"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="${bg}"/>${backdrop}<circle cx="400" cy="390" r="300" fill="#fff" fill-opacity=".35"/>${shadow}<g stroke="${shade(main, 0.5)}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"${transform}>${ART[art](paint)}</g></svg>\n`;
}

/** Writes every image file demo-data.ts refers to and removes the files it no longer refers to. */
export async function generateDemoImages(dir = DEMO_IMAGES_DIR): Promise<{ files: number; bytes: number }> {
  mkdirSync(dir, { recursive: true });
  const wanted = new Map<string, Buffer>();
  for (const product of DEMO_PRODUCTS) {
    for (const [i, image] of product.images.entries()) {
      const svg = Buffer.from(renderImage(product.art, image));
      const rendered = await renderVariants(svg);
      if (rendered.width !== DEMO_IMAGE_SIZE) throw new Error(`a drawing is ${rendered.width} px wide`);
      for (const copy of rendered.variants) {
        wanted.set(demoImageFile(product, i, copy.width, copy.format), copy.data);
      }
    }
  }
  for (const file of readdirSync(dir)) {
    if (!wanted.has(file)) rmSync(join(dir, file));
  }
  let bytes = 0;
  for (const [file, data] of wanted) {
    writeFileSync(join(dir, file), data);
    bytes += data.length;
  }
  return { files: wanted.size, bytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, bytes } = await generateDemoImages();
  console.log(`Wrote ${files} demo images (${(bytes / 1024).toFixed(1)} KB) to ${DEMO_IMAGES_DIR}`);
}
