// The demo shop in French, for France and French-speaking Canada ("vous", metric units).
import type { DemoTranslation } from './types.ts';

const ABOUT = `Cartwheel est né d’une idée simple : les bonnes choses du quotidien devraient être faciles à trouver, vendues à un prix juste et livrées sans complications.

## Ce que nous vendons

Nous choisissons nous-mêmes chaque produit, des indispensables de la cuisine à l’équipement du week-end. Si nous ne l’utiliserions pas chez nous, il n’entre pas dans la boutique.

## Notre façon de travailler

- **Des prix justes.** Nous fixons le prix de chaque produit à partir de ce qu’il nous coûte, et non de ce que le marché peut supporter.
- **Des descriptions honnêtes.** Tailles, matières et conseils d’entretien figurent sur chaque fiche produit.
- **De vraies personnes.** Vos questions arrivent à notre petite équipe, qui vous répond sous un jour ouvré.

Merci de faire vos achats chez nous.`;

const SHIPPING = `## Livraison

Nous expédions depuis les États-Unis, vers toutes les adresses aux États-Unis et dans le reste du monde. Les commandes passées un jour ouvré avant 14 h (heure de l’Est des États-Unis) quittent notre entrepôt le jour même.

| Mode de livraison | Délai | Frais |
|---|---|---|
| Standard (États-Unis) | 3 à 5 jours ouvrés | 5,99 $ US, offerts dès 50 $ US d’achat |
| Express (États-Unis) | 1 à 2 jours ouvrés | 14,99 $ US |
| International (hors États-Unis) | 7 à 14 jours ouvrés | 19,99 $ US |

Les montants sont indiqués en dollars américains ; au moment de payer, vous voyez les frais de livraison dans votre devise.

Dès que votre colis est expédié, vous recevez un e-mail avec un lien de suivi.

## Retours

Vous avez changé d’avis ? Renvoyez tout article non utilisé dans son emballage d’origine sous **30 jours** après la livraison et nous vous remboursons intégralement.

1. Écrivez-nous en indiquant votre numéro de commande et les articles que vous renvoyez.
2. Nous vous répondons avec une étiquette de retour prépayée.
3. Dès réception du colis, nous remboursons votre moyen de paiement d’origine sous 5 jours ouvrés.

Un article arrivé endommagé ou défectueux est remplacé ou remboursé à nos frais, livraison comprise.`;

const PRIVACY = `Cette page explique quelles données personnelles nous conservons lorsque vous achetez chez nous, et pourquoi.

## Ce que nous collectons

- **Votre compte :** nom, adresse e-mail et mot de passe haché de manière sécurisée.
- **Vos commandes :** les articles, l’adresse de livraison et les montants payés. Vos données de carte sont traitées par notre prestataire de paiement et n’arrivent jamais sur nos serveurs.
- **Vos préférences marketing :** si vous avez accepté de recevoir nos e-mails. Vous pouvez vous désabonner de n’importe quel e-mail en un clic.

## Pourquoi nous les conservons

Nous utilisons vos données pour livrer vos commandes, répondre à vos questions et, uniquement si vous l’avez accepté, vous envoyer nos nouveautés et nos offres. Nous ne vendons jamais vos données.

## Combien de temps nous les conservons

Les données de commande sont conservées aussi longtemps que la loi l’exige pour la comptabilité. Vous pouvez nous demander à tout moment de supprimer votre compte.

## Vos droits

Vous pouvez demander une copie de vos données, les faire rectifier ou les faire supprimer. Écrivez-nous : nous vous répondons sous 30 jours.`;

const TERMS = `Les présentes conditions s’appliquent à toute commande passée sur cette boutique.

## Commandes et prix

Les prix sont affichés dans la devise du pays où vous achetez (en euros, TVA comprise, dans l’Union européenne ; en dollars canadiens, taxes en sus, au Canada) et tiennent compte de toute réduction appliquée lors du paiement. Le contrat est conclu lorsque nous confirmons votre paiement par e-mail. Si un article se révèle en rupture de stock après votre paiement, nous vous le remboursons intégralement.

## Paiement

Nous acceptons les moyens de paiement proposés lors du paiement. Le montant est débité au moment où vous passez la commande.

## Livraison et retours

Les délais de livraison et notre politique de retour sous 30 jours sont décrits sur la page « Livraison et retours ».

## Responsabilité

Nous nous engageons à livrer des produits conformes à leur description. Rien dans ces conditions ne limite les droits que la loi vous accorde en tant que consommateur.

## Modifications

Nous pouvons modifier ces conditions ; c’est la version en vigueur au moment de votre commande qui s’applique à celle-ci.`;

export const fr: DemoTranslation = {
  products: {
    'HL-TEE-001': {
      name: 'T-shirt Everyday en coton bio',
      description:
        'Un t-shirt col rond d’épaisseur moyenne, tricoté en coton 100 % biologique et prérétréci pour garder sa forme lavage après lavage. Coupe ample au niveau du corps et ourlet légèrement rallongé qui reste bien rentré.',
    },
    'NP-MUG-002': {
      name: 'Tasse de camping émaillée',
      description:
        'Une tasse en acier de 350 ml, revêtue d’un émail résistant aux éclats, avec un bord roulé agréable aux lèvres. Assez légère pour le sac à dos, assez solide pour la grille du feu de camp.',
    },
    'NP-TENT-003': {
      name: 'Tente de randonnée 2 places',
      description:
        'Une tente autoportante à deux portes qui se monte en moins de cinq minutes autour d’un arceau unique à moyeu central. Coutures entièrement étanchées et tapis de sol baignoire : vous restez au sec toute une nuit de pluie continue.',
    },
    'HL-CAP-004': {
      name: 'Bonnet en laine',
      description:
        'Un bonnet en maille côtelée de laine d’agneau, avec un large revers. Il tient chaud sans gratter et s’adapte à la plupart des têtes sans se détendre.',
    },
    'TS-PACK-005': {
      name: 'Sac à dos en toile 22 L',
      description:
        'Un sac à dos de 22 litres en toile de coton épaisse, avec un compartiment rembourré pour ordinateur portable et une poche avant à accès rapide. Fond renforcé de cuir et solides fermetures éclair en métal.',
    },
    'KS-MUG-006': {
      name: 'Mug en grès moucheté',
      description:
        'Tourné à la main en petites séries et recouvert d’un émail coquille d’œuf moucheté de fer : aucun n’est tout à fait identique. Contenance de 400 ml, va au lave-vaisselle et au micro-ondes.',
    },
    'NP-BTL-007': {
      name: 'Gourde isotherme, 950 ml',
      description:
        'Sa double paroi isolée sous vide garde l’eau fraîche 24 heures et le café chaud 12 heures. Le large goulot accepte les glaçons, et le bouchon étanche se porte d’un doigt.',
    },
    'NP-SOCK-008': {
      name: 'Chaussettes de randonnée en mérinos',
      description:
        'Des chaussettes de randonnée rembourrées en laine mérinos mélangée, avec une pointe sans couture et un maintien de la voûte plantaire qui ne bouge pas. Naturellement anti-odeurs, elles tiennent plus d’une journée sur le sentier.',
    },
    'FN-NOTE-010': {
      name: 'Carnets à pointillés, lot de 3',
      description:
        'Trois carnets de poche de 48 pages en papier pointillé, avec une solide couverture kraft. Au format d’une poche arrière de jean, et reliés pour y survivre.',
    },
    'LW-LANT-011': {
      name: 'Lanterne de camping solaire',
      description:
        'Une lanterne à lumière chaude de 300 lumens qui se recharge par son panneau solaire ou par câble USB-C. Trois niveaux d’intensité et un mode bougie vacillante pour la table de pique-nique.',
    },
    'KS-POUR-012': {
      name: 'Set pour café filtre en grès',
      description:
        'Un filtre en céramique émaillé à la main, accompagné d’une carafe en verre de 600 ml. Pour un café net et lumineux, avec des filtres papier standard n° 2.',
    },
    'NP-JKT-013': {
      name: 'Veste de pluie Ridgeline',
      description:
        'Une veste imperméable et respirante trois couches, avec aérations sous les bras et capuche compatible casque. Entièrement thermosoudée, elle convient aussi bien aux trajets quotidiens qu’aux week-ends en montagne.',
    },
    'TS-TOTE-014': {
      name: 'Cabas en toile cirée',
      description:
        'Un grand cabas du quotidien en toile cirée déperlante, avec des anses en cuir qui s’assouplissent à l’usage. Une poche intérieure zippée évite aux clés et au téléphone de tomber au fond.',
    },
    'NP-CHR-015': {
      name: 'Chaise de camping pliante',
      description:
        'Une chaise pliante robuste à dossier haut, avec accoudoirs rembourrés et porte-gobelet, qui supporte jusqu’à 136 kg. Se plie à plat et se range dans sa housse de transport.',
    },
    'LW-TASK-016': {
      name: 'Lampe de bureau en laiton',
      description:
        'Une lampe de bureau en laiton massif, avec un bras à deux articulations et un abat-jour orientable qui dirige la lumière exactement là où vous en avez besoin. Livrée avec une ampoule LED blanc chaud 2700 K.',
    },
    'KS-BOWL-017': {
      name: 'Bols de service gigognes, lot de 3',
      description:
        'Trois bols de service en grès de 15, 20 et 25 cm qui s’emboîtent sagement dans le placard. Émaillés bleu canard profond à l’extérieur et blanc crème à l’intérieur.',
    },
    'HL-SHRT-018': {
      name: 'Chemise en lin à col boutonné',
      description:
        'Une chemise légère à col boutonné, en lin européen lavé. Coupe décontractée, poche poitrine et bas arrondi qui tombe bien, rentré ou non.',
    },
    'NP-SLBG-019': {
      name: 'Sac de couchage en duvet, −7 °C',
      description:
        'Un sac sarcophage garni de duvet d’origine responsable (gonflant 650 cuin), confortable jusqu’à −7 °C. Dans son sac de compression, il n’est pas plus gros qu’une miche de pain.',
    },
    'KS-CNDL-020': {
      name: 'Bougie à la cire de soja Cedar & Smoke',
      description:
        'Cire de soja coulée à la main, aux notes de bois de cèdre, de vétiver et d’une pointe de fumée de feu de camp. Brûle proprement pendant environ 50 heures dans un pot en verre ambré réutilisable.',
    },
    'NP-POLE-021': {
      name: 'Bâtons de randonnée en carbone (reconditionnés)',
      description:
        'Des bâtons de randonnée en fibre de carbone retournés par des clients, contrôlés, équipés de pointes et de rondelles neuves, et garantis un an. Poignées en liège et blocages rapides, réglables de 104 à 135 cm.',
    },
    'LW-STR-022': {
      name: 'Guirlande lumineuse blanc chaud, 10 m',
      description:
        'Trente ampoules LED incassables sur un câble de 10 mètres résistant aux intempéries, pour la terrasse, le porche ou la chambre. Le minuteur intégré les allume six heures chaque soir.',
    },
    'HL-HAT-023': {
      name: 'Chapeau de soleil pliable',
      description:
        'Un chapeau à larges bords en nylon UPF 50+ qui se glisse froissé dans une poche et reprend sa forme. Un cordon de menton réglable le maintient quand le vent se lève.',
    },
    'KS-BRD-024': {
      name: 'Planche à découper en noyer, bois de bout',
      description:
        'Une épaisse planche en bois de bout de noyer noir d’Amérique, douce pour le fil des couteaux et qui efface ses propres entailles. Finition à l’huile minérale alimentaire et à la cire d’abeille.',
    },
    'TS-DUFF-025': {
      name: 'Sac de voyage Weekender, 45 L',
      description:
        'Un sac de voyage de 45 litres, taillé pour un long week-end et pour la plupart des compartiments à bagages en cabine. Corps en toile cirée, finitions en cuir pleine fleur et bandoulière rembourrée amovible.',
    },
    'NP-HDLP-026': {
      name: 'Lampe frontale rechargeable',
      description:
        'Une lampe frontale de 400 lumens avec modes large, spot et lumière rouge pour la vision nocturne. Se recharge en USB-C et tient jusqu’à 40 heures au niveau le plus bas.',
    },
    'KS-SKIL-027': {
      name: 'Poêle en fonte culottée, 25 cm',
      description:
        'Une poêle de 25 cm coulée d’une seule pièce et culottée à l’huile de lin, prête pour la plaque, le four ou le feu de camp. Elle s’améliore à chaque cuisson.',
    },
    'FN-PRNT-028': {
      name: 'Affiche carte de randonnée',
      description:
        'Un tirage giclée de 46 × 61 cm d’une carte topographique de sentiers dessinée à la main, sur papier épais de qualité archive. Cadre non inclus.',
    },
    'LW-TBL-029': {
      name: 'Lampe de table en céramique',
      description:
        'Un pied en céramique en forme de calebasse, émaillé terre cuite, coiffé d’un abat-jour tambour en lin. Diffuse une lumière douce et chaude sur une console ou une table de chevet.',
    },
    'HL-HOOD-030': {
      name: 'Sweat à capuche Harbor en polaire',
      description:
        'Un sweat à capuche épais en polaire recyclée brossée, avec capuche doublée et grande poche kangourou. Poignets et bas côtelés qui gardent leur forme saison après saison.',
    },
    'FN-EBK-031': {
      name: 'The Weekend Camper (livre numérique)',
      description:
        'Un guide illustré de 180 pages pour organiser des sorties camping simples et sans stress, de la liste de bagages aux dîners en une seule casserole. Livré en téléchargement aux formats EPUB et PDF.',
    },
    'KS-PLNT-032': {
      name: 'Pot en terre cuite, taille moyenne',
      description:
        'Un pot en terre cuite non émaillée de 18 cm de diamètre, avec trou de drainage et soucoupe assortie. L’argile respirante aide à garder des racines saines.',
    },
    'NP-STOV-033': {
      name: 'Réchaud de camping vintage',
      description:
        'Un réchaud de camping classique à deux feux des années 1980, nettoyé, testé et en pleine forme. Le boîtier porte quelques traces d’usage honnêtes ; les brûleurs et les robinets sont en excellent état.',
    },
    'TS-HIP-034': {
      name: 'Sac banane à fermeture enroulable',
      description:
        'Un sac banane déperlant à fermeture enroulable, dont le volume passe de 2 à 3 litres. À porter à la taille ou en bandoulière.',
    },
    'LW-PEND-035': {
      name: 'Suspension globe',
      description:
        'Un globe de 30 cm en verre opale soufflé à la bouche, sur un câble textile tressé avec pavillon en laiton. Diffuse une lumière douce et homogène au-dessus d’une table ou d’un îlot de cuisine.',
    },
    'KS-TOWL-036': {
      name: 'Torchons en lin, lot de 2',
      description:
        'Deux torchons en lin absorbants et à séchage rapide, avec une rayure tissée et une boucle pour les suspendre. Ils deviennent plus doux à chaque lavage.',
    },
    'NP-HMCK-037': {
      name: 'Hamac ultraléger',
      description:
        'Un hamac une place en nylon parachute qui se range dans sa propre housse cousue. Sangles respectueuses des arbres et mousquetons en aluminium inclus.',
    },
    'CW-GIFT-038': {
      name: 'Carte cadeau Cartwheel',
      description:
        'Une carte cadeau numérique de 25, 50 ou 100 dollars américains, envoyée par e-mail à la personne de votre choix le jour de votre choix, avec votre message personnel. Une valeur sûre pour l’ami amoureux de plein air qui a déjà tout.',
    },
    'KS-GRND-039': {
      name: 'Moulin à café à meules (reconditionné)',
      description:
        'Un moulin à café à meules coniques avec 40 réglages de mouture, reconditionné par des professionnels avec des meules neuves et des balais moteur neufs. Garanti un an.',
    },
    'HL-SCRF-040': {
      name: 'Écharpe en polaire recyclée',
      description:
        'Une écharpe généreuse en polaire douce qui ne bouloche pas, fabriquée à partir de bouteilles recyclées et finie par des franges. Assez longue pour faire deux tours les jours les plus froids.',
    },
    'FN-PEN-041': {
      name: 'Stylo Bullet en laiton',
      description:
        'Un stylo de poche usiné dans du laiton massif, qui se pare d’une belle patine avec le temps. Compact capuchon fermé, pleine longueur capuchon emboîté à l’arrière, et compatible avec les recharges standard.',
    },
    'KS-THRW-042': {
      name: 'Plaid en coton gaufré',
      description:
        'Un plaid de 127 × 178 cm tissé en coton à fibres longues, à la texture gaufrée profonde. Assez léger pour les soirées d’été, assez douillet pour l’hiver.',
    },
    'TS-RUCK-043': {
      name: 'Sac à dos vintage en cuir',
      description:
        'Un sac à dos de seconde main en cuir pleine fleur, avec boucles en laiton et belle patine. Entièrement nettoyé et nourri ; quelques petites éraflures ajoutent à son caractère.',
    },
    'LW-CLIP-044': {
      name: 'Liseuse à pince',
      description:
        'Une lampe LED rechargeable à col flexible qui se fixe sur un livre, une tête de lit ou un pupitre. Trois températures de couleur et un variateur tout en douceur.',
    },
    'FN-BOOK-045': {
      name: 'Pocket Field Guide to Trees',
      description:
        'Un guide de poche résistant à l’eau consacré à 200 arbres courants d’Amérique du Nord, illustré de feuilles, d’écorces et de graines. Tient dans une poche de veste.',
    },
    'HL-VEST-046': {
      name: 'Doudoune sans manches Alpine',
      description:
        'Une doudoune sans manches légère (gonflant 800 cuin), à porter en couche intermédiaire les matins froids. Se range dans sa propre poche poitrine.',
    },
    'KS-ORG-047': {
      name: 'Organiseur de bureau en noyer',
      description:
        'Un plateau en noyer massif à trois compartiments pour stylos, cartes et petits outils. Un fond en feutre protège le bureau.',
    },
    'NP-KIT-048': {
      name: 'Kit cuisine de camping pour débuter',
      description:
        'Tout pour une première soirée de cuisine au camp : une casserole et une poêle gigognes, une spatule, deux tasses émaillées et une caisse en bois pour tout transporter.',
    },
  },
  categories: {
    Apparel: { name: 'Vêtements' },
    Outdoor: { name: 'Plein air' },
    'Home & Kitchen': { name: 'Maison et cuisine' },
    Lighting: { name: 'Luminaires' },
    'Bags & Packs': { name: 'Sacs et sacs à dos' },
    'Stationery & Books': { name: 'Papeterie et livres' },
    Gifts: { name: 'Idées cadeaux' },
    Tops: { name: 'Hauts' },
    Headwear: { name: 'Bonnets et chapeaux' },
  },
  options: { Color: 'Couleur', Size: 'Taille', Amount: 'Montant' },
  optionValues: {
    $25: '25 $',
    $50: '50 $',
    $100: '100 $',
    Navy: 'Bleu marine',
    Sage: 'Vert sauge',
    Clay: 'Terre cuite',
    Forest: 'Vert forêt',
    Cobalt: 'Bleu cobalt',
    Cream: 'Crème',
    Mustard: 'Moutarde',
    Olive: 'Olive',
    Black: 'Noir',
    'Waxed Tan': 'Fauve ciré',
    'Heather Grey': 'Gris chiné',
    Rust: 'Rouille',
    Slate: 'Gris ardoise',
    Ochre: 'Ocre',
    White: 'Blanc',
    Chambray: 'Chambray',
    Charcoal: 'Gris anthracite',
    Oatmeal: 'Grège',
    S: 'S',
    M: 'M',
    L: 'L',
    XL: 'XL',
  },
  pages: {
    about: {
      title: 'À propos',
      body: ABOUT,
      seoDescription: 'Qui nous sommes, ce que nous vendons et comment nous travaillons.',
    },
    'shipping-returns': {
      title: 'Livraison et retours',
      body: SHIPPING,
      seoDescription: 'Délais et frais de livraison, et comment retourner un article sous 30 jours.',
    },
    privacy: {
      title: 'Politique de confidentialité',
      body: PRIVACY,
      seoDescription:
        'Les données personnelles que nous conservons lorsque vous achetez chez nous, et pourquoi.',
    },
    terms: {
      title: 'Conditions générales de vente',
      body: TERMS,
      seoDescription: 'Les conditions qui s’appliquent à toute commande passée sur cette boutique.',
    },
  },
  hero: {
    title: 'Tout ce qu’il vous faut, livré chez vous',
    subtitle:
      'Des produits de qualité à prix justes, des indispensables du quotidien aux dernières nouveautés.',
    primary_button: { label: 'Découvrir la boutique' },
    secondary_button: { label: 'Voir nos coups de cœur' },
  },
  announcement: '',
  shippingMethods: {
    Standard: { name: 'Livraison standard', deliveryEstimate: '3 à 5 jours ouvrés' },
    Express: { name: 'Livraison express', deliveryEstimate: '1 à 2 jours ouvrés' },
    International: { name: 'Livraison internationale', deliveryEstimate: '7 à 14 jours ouvrés' },
  },
};
