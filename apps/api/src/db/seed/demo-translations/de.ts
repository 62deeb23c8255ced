// The demo shop in German, as a German shop writes to its customers ("Sie", metric units).
import type { DemoTranslation } from './types.ts';

const ABOUT = `Cartwheel ist aus einer einfachen Idee entstanden: Gute Dinge für jeden Tag sollen leicht zu finden sein, fair kosten und ohne Umstände bei Ihnen ankommen.

## Was wir verkaufen

Jedes Produkt suchen wir selbst aus, vom Küchenklassiker bis zur Ausrüstung fürs Wochenende. Was wir nicht selbst zu Hause benutzen würden, kommt nicht in den Shop.

## Wie wir arbeiten

- **Faire Preise.** Wir kalkulieren jeden Preis nach unseren Kosten – nicht danach, was der Markt hergibt.
- **Ehrliche Beschreibungen.** Größen, Materialien und Pflegehinweise finden Sie auf jeder Produktseite.
- **Echte Menschen.** Ihre Fragen landen bei unserem kleinen Team, und wir antworten innerhalb eines Werktags.

Danke, dass Sie bei uns einkaufen.`;

const SHIPPING = `## Versand

Wir versenden aus den USA, an jede Adresse in den Vereinigten Staaten und weltweit. Bestellungen, die an einem Werktag bis 14 Uhr (US-Ostküstenzeit) eingehen, verlassen unser Lager noch am selben Tag.

| Versandart | Lieferzeit | Kosten |
|---|---|---|
| Standard (USA) | 3–5 Werktage | 5,99 $, ab 50 $ Bestellwert versandkostenfrei |
| Express (USA) | 1–2 Werktage | 14,99 $ |
| International (alle Länder außerhalb der USA) | 7–14 Werktage | 19,99 $ |

Die Beträge sind in US-Dollar angegeben; an der Kasse sehen Sie die Versandkosten in Ihrer Währung.

Sobald Ihr Paket unterwegs ist, erhalten Sie eine E-Mail mit einem Link zur Sendungsverfolgung.

## Rücksendungen

Doch nicht das Richtige? Unbenutzte Artikel in der Originalverpackung können Sie innerhalb von **30 Tagen** nach der Zustellung zurückschicken und erhalten den vollen Kaufpreis zurück.

1. Schreiben Sie uns Ihre Bestellnummer und die Artikel, die Sie zurücksenden möchten.
2. Wir schicken Ihnen ein frankiertes Rücksendeetikett.
3. Sobald das Paket bei uns ist, erstatten wir den Betrag innerhalb von 5 Werktagen über die ursprüngliche Zahlungsart.

Kommt ein Artikel beschädigt oder defekt an, ersetzen oder erstatten wir ihn auf unsere Kosten, einschließlich Versand.`;

const PRIVACY = `Hier erfahren Sie, welche personenbezogenen Daten wir speichern, wenn Sie bei uns einkaufen, und warum.

## Welche Daten wir erheben

- **Ihr Kundenkonto:** Name, E-Mail-Adresse und ein sicher gehashtes Passwort.
- **Ihre Bestellungen:** die Artikel, die Lieferadresse und die gezahlten Beträge. Ihre Kartendaten verarbeitet unser Zahlungsdienstleister; sie gelangen nie auf unsere Server.
- **Ihre Einwilligungen:** ob Sie unsere E-Mails erhalten möchten. Jede E-Mail können Sie mit einem Klick abbestellen.

## Wofür wir sie verwenden

Wir nutzen Ihre Daten, um Ihre Bestellungen zu liefern, Ihre Fragen zu beantworten und – nur wenn Sie eingewilligt haben – Ihnen Neuigkeiten und Angebote zu schicken. Wir verkaufen Ihre Daten niemals.

## Wie lange wir sie speichern

Bestelldaten bewahren wir so lange auf, wie es die gesetzlichen Aufbewahrungspflichten für die Buchhaltung verlangen. Die Löschung Ihres Kundenkontos können Sie jederzeit verlangen.

## Ihre Rechte

Sie können eine Kopie Ihrer Daten anfordern und Ihre Daten berichtigen oder löschen lassen. Schreiben Sie uns – wir antworten innerhalb von 30 Tagen.`;

const TERMS = `Diese Bedingungen gelten für alle Bestellungen in diesem Shop.

## Bestellungen und Preise

Die Preise werden in Euro angezeigt, enthalten die gesetzliche Mehrwertsteuer und berücksichtigen jeden Rabatt, den Sie an der Kasse eingelöst haben. Der Vertrag kommt zustande, sobald wir Ihre Zahlung per E-Mail bestätigen. Sollte ein Artikel nach Ihrer Zahlung doch nicht mehr vorrätig sein, erstatten wir Ihnen den vollen Betrag.

## Zahlung

Wir akzeptieren die an der Kasse angezeigten Zahlungsarten. Die Zahlung wird mit Abschluss der Bestellung fällig.

## Lieferung und Rücksendung

Lieferzeiten und unser 30-tägiges Rückgaberecht finden Sie auf der Seite „Versand & Rücksendungen“.

## Haftung

Wir stehen dafür ein, dass die gelieferten Produkte ihrer Beschreibung entsprechen. Ihre gesetzlichen Rechte als Verbraucher bleiben von diesen Bedingungen unberührt.

## Änderungen

Wir können diese Bedingungen ändern; für Ihre Bestellung gilt die Fassung, die zum Zeitpunkt der Bestellung gültig war.`;

export const de: DemoTranslation = {
  products: {
    'HL-TEE-001': {
      name: 'Everyday T-Shirt aus Bio-Baumwolle',
      description:
        'Ein mittelschweres T-Shirt mit Rundhalsausschnitt aus 100 % Bio-Baumwolle, vorgewaschen, damit es auch nach vielen Wäschen in Form bleibt. Locker geschnitten, mit etwas längerem Saum, der in der Hose bleibt.',
    },
    'NP-MUG-002': {
      name: 'Emaille-Campingbecher',
      description:
        'Ein Stahlbecher mit 350 ml Fassungsvermögen, schlagfester Emaille und gerolltem Rand, aus dem man angenehm trinkt. Leicht genug für den Rucksack, robust genug für den Grillrost überm Lagerfeuer.',
    },
    'NP-TENT-003': {
      name: 'Trekkingzelt für zwei Personen',
      description:
        'Ein freistehendes Zelt mit zwei Eingängen, das sich dank eines einzigen Gestänges mit zentralem Verbindungsstück in unter fünf Minuten aufbauen lässt. Vollständig getapte Nähte und ein hochgezogener Wannenboden halten Sie auch bei Dauerregen die ganze Nacht trocken.',
    },
    'HL-CAP-004': {
      name: 'Strickmütze aus Wolle',
      description:
        'Eine Rippstrickmütze aus weicher Lammwolle mit breitem Umschlag. Wärmt, ohne zu kratzen, und passt auf fast jeden Kopf, ohne auszuleiern.',
    },
    'TS-PACK-005': {
      name: 'Canvas-Tagesrucksack 22 l',
      description:
        'Ein Tagesrucksack mit 22 Litern aus schwerem Baumwoll-Canvas, mit gepolstertem Laptopfach und schnell erreichbarer Fronttasche. Boden mit Lederverstärkung und durchweg robuste Metallreißverschlüsse.',
    },
    'KS-MUG-006': {
      name: 'Gesprenkelter Steinzeugbecher',
      description:
        'In kleinen Serien auf der Töpferscheibe gedreht und mit einer haferfarbenen Glasur mit Eisensprenkeln überzogen – keiner gleicht dem anderen. Fasst 400 ml und ist spülmaschinen- und mikrowellengeeignet.',
    },
    'NP-BTL-007': {
      name: 'Isolierflasche, 950 ml',
      description:
        'Die doppelwandige Vakuumisolierung hält Wasser 24 Stunden kalt und Kaffee 12 Stunden heiß. In die weite Öffnung passen Eiswürfel, und den auslaufsicheren Deckel tragen Sie bequem mit einem Finger.',
    },
    'NP-SOCK-008': {
      name: 'Merino-Wandersocken',
      description:
        'Gepolsterte Wandersocken aus Merinomischung mit nahtloser Spitze und einer Fußgewölbestütze, die nicht verrutscht. Von Natur aus geruchshemmend – gut für mehr als einen Tag auf dem Trail.',
    },
    'FN-NOTE-010': {
      name: 'Notizhefte mit Punktraster, 3er-Set',
      description:
        'Drei Notizhefte im Taschenformat mit je 48 Seiten Punktrasterpapier und festem Kraftpapier-Umschlag. Passen in die Gesäßtasche und sind so gebunden, dass sie das auch überstehen.',
    },
    'LW-LANT-011': {
      name: 'Solar-Campinglaterne',
      description:
        'Eine Laterne mit warmem Licht und 300 Lumen, die sich über das Solarmodul im Deckel oder per USB-C-Kabel auflädt. Drei Helligkeitsstufen und ein flackernder Kerzenmodus für den Picknicktisch.',
    },
    'KS-POUR-012': {
      name: 'Kaffee-Handfilter-Set aus Steinzeug',
      description:
        'Ein von Hand glasierter Keramik-Handfilter mit einer Glaskaraffe für 600 ml. Für einen klaren, feinen Kaffee mit handelsüblichen Filtertüten der Größe 2.',
    },
    'NP-JKT-013': {
      name: 'Ridgeline Regenjacke',
      description:
        'Eine wasserdichte, atmungsaktive Dreilagenjacke mit Unterarmbelüftung und helmkompatibler Kapuze. Komplett nahtversiegelt und robust genug für den täglichen Weg zur Arbeit ebenso wie für Wochenenden in den Bergen.',
    },
    'TS-TOTE-014': {
      name: 'Tote Bag aus gewachstem Canvas',
      description:
        'Eine geräumige Tasche für jeden Tag aus wasserabweisendem, gewachstem Canvas, mit Ledergriffen, die mit der Zeit weicher werden. Im Reißverschlussfach innen gehen Schlüssel und Handy nicht verloren.',
    },
    'NP-CHR-015': {
      name: 'Klappbarer Campingstuhl',
      description:
        'Ein stabiler Klappstuhl mit hoher Rückenlehne, gepolsterten Armlehnen und Getränkehalter, belastbar bis 136 kg. Lässt sich flach zusammenklappen und in der eigenen Tragetasche verstauen.',
    },
    'LW-TASK-016': {
      name: 'Schreibtischleuchte aus Messing',
      description:
        'Eine Schreibtischleuchte aus massivem Messing mit zweigelenkigem Arm und drehbarem Schirm, der das Licht genau dorthin lenkt, wo Sie es brauchen. Mit warmweißer LED-Lampe (2700 K).',
    },
    'KS-BOWL-017': {
      name: 'Servierschalen zum Stapeln, 3er-Set',
      description:
        'Drei Schalen aus Steinzeug mit 15, 20 und 25 cm Durchmesser, die sich platzsparend im Schrank stapeln lassen. Außen in tiefem Petrol, innen cremeweiß glasiert.',
    },
    'HL-SHRT-018': {
      name: 'Leinenhemd mit Button-down-Kragen',
      description:
        'Ein luftiges Button-down-Hemd aus gewaschenem europäischem Leinen. Lockere Passform mit Brusttasche und abgerundetem Saum, der in der Hose wie darüber gut aussieht.',
    },
    'NP-SLBG-019': {
      name: 'Daunenschlafsack, −7 °C',
      description:
        'Ein Mumienschlafsack mit verantwortungsvoll gewonnener Daune (Bauschkraft 650 cuin), komfortabel bis −7 °C. Im Kompressionssack nicht größer als ein Brotlaib.',
    },
    'KS-CNDL-020': {
      name: 'Sojakerze Cedar & Smoke',
      description:
        'Von Hand gegossenes Sojawachs mit Noten von Zedernholz, Vetiver und einem Hauch Lagerfeuerrauch. Brennt sauber rund 50 Stunden in einem wiederverwendbaren Braunglas.',
    },
    'NP-POLE-021': {
      name: 'Carbon-Trekkingstöcke (generalüberholt)',
      description:
        'Zurückgegebene Trekkingstöcke aus Carbon, geprüft, mit neuen Spitzen und Tellern versehen und mit einem Jahr Garantie. Korkgriffe und Klemmverschlüsse, verstellbar von 104 bis 135 cm.',
    },
    'LW-STR-022': {
      name: 'Lichterkette warmweiß, 10 m',
      description:
        'Dreißig bruchsichere LED-Birnen an einem wetterfesten, 10 Meter langen Kabel – für Terrasse, Veranda oder Schlafzimmer. Der eingebaute Timer schaltet sie jeden Abend für sechs Stunden ein.',
    },
    'HL-HAT-023': {
      name: 'Faltbarer Sonnenhut',
      description:
        'Ein Hut mit breiter Krempe aus Nylon mit UV-Schutz UPF 50+, der zusammengeknüllt in jede Tasche passt und wieder in Form springt. Ein verstellbares Kinnband hält ihn fest, wenn der Wind auffrischt.',
    },
    'KS-BRD-024': {
      name: 'Hirnholz-Schneidebrett aus Walnuss',
      description:
        'Ein dickes Hirnholzbrett aus amerikanischem Schwarznussbaum, das Messerschneiden schont und auf dem Schnittspuren kaum auffallen. Mit lebensmittelechtem Mineralöl und Bienenwachs behandelt.',
    },
    'TS-DUFF-025': {
      name: 'Weekender-Reisetasche, 45 l',
      description:
        'Eine Reisetasche mit 45 Litern, gerade richtig für ein langes Wochenende und passend für die meisten Gepäckfächer im Flugzeug. Korpus aus gewachstem Canvas, Besätze aus Vollnarbenleder und ein gepolsterter, abnehmbarer Schultergurt.',
    },
    'NP-HDLP-026': {
      name: 'Aufladbare Stirnlampe',
      description:
        'Eine Stirnlampe mit 400 Lumen und Flutlicht-, Spot- und Rotlichtmodus für die Nachtsicht. Lädt über USB-C und leuchtet auf der niedrigsten Stufe bis zu 40 Stunden.',
    },
    'KS-SKIL-027': {
      name: 'Gusseisenpfanne, eingebrannt, 25 cm',
      description:
        'Eine Pfanne mit 25 cm Durchmesser, aus einem Stück gegossen und mit Leinöl eingebrannt – bereit für Herd, Backofen oder Lagerfeuer. Sie wird mit jedem Gebrauch besser.',
    },
    'FN-PRNT-028': {
      name: 'Wanderkarte als Kunstdruck',
      description:
        'Ein Giclée-Druck im Format 46 × 61 cm einer von Hand gezeichneten topografischen Wanderkarte auf schwerem, alterungsbeständigem Papier. Ohne Rahmen.',
    },
    'LW-TBL-029': {
      name: 'Tischleuchte aus Keramik',
      description:
        'Ein kürbisförmiger Keramikfuß in Terrakotta-Glasur mit einem zylindrischen Leinenschirm. Spendet auf dem Beistell- oder Nachttisch ein weiches, warmes Licht.',
    },
    'HL-HOOD-030': {
      name: 'Harbor Fleece-Hoodie',
      description:
        'Ein schwerer Kapuzenpullover aus angerautem Recycling-Fleece mit gefütterter Kapuze und großer Kängurutasche. Rippbündchen an Ärmeln und Saum, die Saison für Saison in Form bleiben.',
    },
    'FN-EBK-031': {
      name: 'The Weekend Camper (E-Book)',
      description:
        'Ein illustrierter Ratgeber mit 180 Seiten für einfache, entspannte Campingausflüge – von der Packliste bis zum Eintopf aus einem Topf. Zum Herunterladen als EPUB und PDF.',
    },
    'KS-PLNT-032': {
      name: 'Terrakotta-Pflanztopf, mittel',
      description:
        'Ein unglasierter Pflanztopf aus Terrakotta, 18 cm im Durchmesser, mit Abzugsloch und passendem Untersetzer. Der atmungsaktive Ton hält die Wurzeln gesund.',
    },
    'NP-STOV-033': {
      name: 'Vintage-Campingkocher',
      description:
        'Ein klassischer Zweiflammen-Campingkocher aus den 1980ern, gereinigt, geprüft und voll funktionstüchtig. Das Gehäuse trägt ehrliche Gebrauchsspuren; Brenner und Ventile sind in bestem Zustand.',
    },
    'TS-HIP-034': {
      name: 'Hüfttasche mit Rollverschluss',
      description:
        'Eine wasserabweisende Hüfttasche mit Rollverschluss, die sich von 2 auf 3 Liter erweitern lässt. Um die Hüfte oder quer über der Schulter zu tragen.',
    },
    'LW-PEND-035': {
      name: 'Kugel-Pendelleuchte',
      description:
        'Eine mundgeblasene Opalglaskugel mit 30 cm Durchmesser an einem geflochtenen Textilkabel mit Baldachin aus Messing. Verteilt weiches, gleichmäßiges Licht über Esstisch oder Kochinsel.',
    },
    'KS-TOWL-036': {
      name: 'Geschirrtücher aus Leinen, 2er-Set',
      description:
        'Zwei saugfähige, schnell trocknende Leinentücher mit eingewebtem Streifen und Aufhängeschlaufe. Mit jeder Wäsche werden sie weicher.',
    },
    'NP-HMCK-037': {
      name: 'Ultraleichte Hängematte',
      description:
        'Eine Einpersonen-Hängematte aus Fallschirmnylon, die sich in ihren angenähten Packsack stopfen lässt. Mit baumschonenden Gurten und Karabinern aus Aluminium.',
    },
    'CW-GIFT-038': {
      name: 'Cartwheel Geschenkgutschein',
      description:
        'Ein digitaler Geschenkgutschein über 25, 50 oder 100 US-Dollar, der am gewünschten Tag per E-Mail mit Ihrer persönlichen Nachricht an die Person Ihrer Wahl geht. Eine sichere Wahl für Naturfreunde, die schon alles haben.',
    },
    'KS-GRND-039': {
      name: 'Kaffeemühle mit Kegelmahlwerk (generalüberholt)',
      description:
        'Eine Kaffeemühle mit Kegelmahlwerk und 40 Mahlgraden, professionell generalüberholt mit neuem Mahlwerk und neuen Motorbürsten. Mit einem Jahr Garantie.',
    },
    'HL-SCRF-040': {
      name: 'Schal aus Recycling-Fleece',
      description:
        'Ein großzügiger Schal aus weichem, pillingarmem Fleece aus recycelten Flaschen, mit Quastenabschluss. Lang genug, um ihn an den kältesten Tagen zweimal umzuwickeln.',
    },
    'FN-PEN-041': {
      name: 'Bullet Pen aus Messing',
      description:
        'Ein Taschenkugelschreiber, aus massivem Messing gefräst, der mit der Zeit eine warme Patina bekommt. Mit Kappe kompakt, mit hinten aufgesteckter Kappe in voller Länge – und er nimmt Standardminen auf.',
    },
    'KS-THRW-042': {
      name: 'Waffelpiqué-Decke aus Baumwolle',
      description:
        'Eine Wohndecke im Format 127 × 178 cm aus langstapliger Baumwolle mit tiefer Waffelstruktur. Leicht genug für Sommerabende, kuschelig genug für den Winter.',
    },
    'TS-RUCK-043': {
      name: 'Vintage-Lederrucksack',
      description:
        'Ein gebrauchter Rucksack aus Vollnarbenleder mit Messingschnallen und schöner Patina. Gründlich gereinigt und gepflegt; ein paar kleine Gebrauchsspuren geben ihm Charakter.',
    },
    'LW-CLIP-044': {
      name: 'Leselampe zum Anklemmen',
      description:
        'Eine aufladbare LED-Leuchte mit flexiblem Hals, die sich an Buch, Kopfteil oder Notenständer klemmen lässt. Drei Lichtfarben und ein sanfter Dimmer.',
    },
    'FN-BOOK-045': {
      name: 'Pocket Field Guide to Trees',
      description:
        'Ein wasserabweisendes Taschenbuch über 200 verbreitete Baumarten Nordamerikas, mit Zeichnungen von Blättern, Rinde und Samen. Passt in die Jackentasche.',
    },
    'HL-VEST-046': {
      name: 'Alpine Daunenweste',
      description:
        'Eine leichte Daunenweste (Bauschkraft 800 cuin) als wärmende Schicht an kalten Morgen. Lässt sich in ihre eigene Brusttasche packen.',
    },
    'KS-ORG-047': {
      name: 'Schreibtisch-Organizer aus Walnuss',
      description:
        'Eine Ablage aus massivem Walnussholz mit drei Fächern für Stifte, Karten und kleines Werkzeug. Der Filzboden schützt den Schreibtisch.',
    },
    'NP-KIT-048': {
      name: 'Campingküche Starter-Set',
      description:
        'Alles für den ersten Kochabend im Camp: Topf und Pfanne zum Ineinanderstapeln, ein Pfannenwender, zwei Emaillebecher und eine Holzkiste, in der alles Platz hat.',
    },
  },
  categories: {
    Apparel: { name: 'Bekleidung' },
    Outdoor: { name: 'Outdoor' },
    'Home & Kitchen': { name: 'Wohnen & Küche' },
    Lighting: { name: 'Leuchten' },
    'Bags & Packs': { name: 'Taschen & Rucksäcke' },
    'Stationery & Books': { name: 'Schreibwaren & Bücher' },
    Gifts: { name: 'Geschenke' },
    Tops: { name: 'Oberteile' },
    Headwear: { name: 'Mützen & Hüte' },
  },
  options: { Color: 'Farbe', Size: 'Größe', Amount: 'Betrag' },
  optionValues: {
    $25: '25 $',
    $50: '50 $',
    $100: '100 $',
    Navy: 'Marineblau',
    Sage: 'Salbeigrün',
    Clay: 'Tonrot',
    Forest: 'Waldgrün',
    Cobalt: 'Kobaltblau',
    Cream: 'Creme',
    Mustard: 'Senfgelb',
    Olive: 'Oliv',
    Black: 'Schwarz',
    'Waxed Tan': 'Gewachstes Hellbraun',
    'Heather Grey': 'Grau meliert',
    Rust: 'Rostrot',
    Slate: 'Schiefergrau',
    Ochre: 'Ocker',
    White: 'Weiß',
    Chambray: 'Chambray',
    Charcoal: 'Anthrazit',
    Oatmeal: 'Haferbeige',
    S: 'S',
    M: 'M',
    L: 'L',
    XL: 'XL',
  },
  pages: {
    about: {
      title: 'Über uns',
      body: ABOUT,
      seoDescription: 'Wer wir sind, was wir verkaufen und wie wir arbeiten.',
    },
    'shipping-returns': {
      title: 'Versand & Rücksendungen',
      body: SHIPPING,
      seoDescription:
        'Lieferzeiten und Versandkosten, und wie Sie einen Artikel innerhalb von 30 Tagen zurückgeben.',
    },
    privacy: {
      title: 'Datenschutzerklärung',
      body: PRIVACY,
      seoDescription: 'Welche personenbezogenen Daten wir speichern, wenn Sie bei uns einkaufen, und warum.',
    },
    terms: {
      title: 'Allgemeine Geschäftsbedingungen',
      body: TERMS,
      seoDescription: 'Die Bedingungen, die für jede Bestellung in diesem Shop gelten.',
    },
  },
  hero: {
    title: 'Alles, was Sie brauchen – direkt zu Ihnen nach Hause',
    subtitle: 'Entdecken Sie gute Produkte zu fairen Preisen, vom Alltagsbedarf bis zu den Neuheiten.',
    primary_button: { label: 'Jetzt einkaufen' },
    secondary_button: { label: 'Empfehlungen ansehen' },
  },
  announcement: '',
  shippingMethods: {
    Standard: { name: 'Standardversand', deliveryEstimate: '3–5 Werktage' },
    Express: { name: 'Expressversand', deliveryEstimate: '1–2 Werktage' },
    International: { name: 'Internationaler Versand', deliveryEstimate: '7–14 Werktage' },
  },
};
