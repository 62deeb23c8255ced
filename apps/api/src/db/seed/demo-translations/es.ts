// The demo shop in Spanish, as a shop in Spain writes to its customers ("tú", metric units).
import type { DemoTranslation } from './types.ts';

const ABOUT = `Cartwheel nació de una idea sencilla: las buenas cosas del día a día deberían ser fáciles de encontrar, tener un precio justo y llegar a casa sin complicaciones.

## Qué vendemos

Elegimos nosotros mismos cada producto, desde lo básico de la cocina hasta el equipo para el fin de semana. Si no lo usaríamos en casa, no entra en la tienda.

## Cómo trabajamos

- **Precios justos.** Calculamos el precio de cada producto a partir de lo que nos cuesta, no de lo que el mercado esté dispuesto a pagar.
- **Descripciones honestas.** Tallas, materiales e instrucciones de cuidado están en cada ficha de producto.
- **Personas de verdad.** Tus preguntas llegan a nuestro pequeño equipo y te respondemos en un día laborable.

Gracias por comprar con nosotros.`;

const SHIPPING = `## Envíos

Enviamos desde Estados Unidos a cualquier dirección de Estados Unidos y del resto del mundo. Los pedidos realizados en día laborable antes de las 14:00 (hora del este de EE. UU.) salen de nuestro almacén el mismo día.

| Método | Plazo de entrega | Coste |
|---|---|---|
| Estándar (Estados Unidos) | 3–5 días laborables | 5,99 US$, gratis en pedidos de más de 50 US$ |
| Exprés (Estados Unidos) | 1–2 días laborables | 14,99 US$ |
| Internacional (fuera de Estados Unidos) | 7–14 días laborables | 19,99 US$ |

Los importes están en dólares estadounidenses; al pagar verás el coste del envío en tu moneda.

En cuanto tu paquete salga, recibirás un correo electrónico con un enlace de seguimiento.

## Devoluciones

¿Has cambiado de opinión? Devuelve cualquier artículo sin usar en su embalaje original en un plazo de **30 días** desde la entrega y te reembolsamos el importe íntegro.

1. Escríbenos con tu número de pedido y los artículos que nos devuelves.
2. Te respondemos con una etiqueta de devolución prepagada.
3. Cuando el paquete llegue, te reembolsamos en el método de pago original en un plazo de 5 días laborables.

Si un artículo llega dañado o defectuoso, lo cambiamos o te devolvemos el dinero a nuestro cargo, envío incluido.`;

const PRIVACY = `Aquí te explicamos qué datos personales guardamos cuando compras con nosotros y por qué.

## Qué datos recogemos

- **Tu cuenta:** nombre, dirección de correo electrónico y una contraseña cifrada de forma segura.
- **Tus pedidos:** los artículos, la dirección de envío y los importes pagados. Los datos de tu tarjeta los gestiona nuestro proveedor de pagos y nunca llegan a nuestros servidores.
- **Tus preferencias de marketing:** si aceptaste recibir nuestros correos. Puedes darte de baja de cualquier correo con un solo clic.

## Para qué los usamos

Usamos tus datos para entregarte tus pedidos, responder a tus preguntas y, solo si lo has aceptado, enviarte novedades y ofertas. Nunca vendemos tus datos.

## Cuánto tiempo los guardamos

Conservamos los datos de los pedidos durante el tiempo que exige la ley a efectos contables. Puedes pedirnos que eliminemos tu cuenta en cualquier momento.

## Tus derechos

Puedes pedir una copia de tus datos, rectificarlos o solicitar que los eliminemos. Escríbenos y te responderemos en un plazo de 30 días.`;

const TERMS = `Estas condiciones se aplican a todos los pedidos realizados en esta tienda.

## Pedidos y precios

Los precios se muestran en euros, con el IVA incluido, y reflejan cualquier descuento que hayas aplicado al pagar. El contrato se perfecciona cuando te confirmamos el pago por correo electrónico. Si un artículo resulta estar agotado después de que hayas pagado, te lo reembolsamos íntegramente.

## Pago

Aceptamos los métodos de pago que aparecen al finalizar la compra. El cobro se realiza en el momento de hacer el pedido.

## Entrega y devoluciones

Los plazos de entrega y nuestra política de devolución de 30 días se describen en la página «Envíos y devoluciones».

## Responsabilidad

Nos comprometemos a entregar productos que se correspondan con su descripción. Nada de lo dispuesto en estas condiciones limita los derechos que la ley te reconoce como consumidor.

## Cambios

Podemos actualizar estas condiciones; a cada pedido se le aplica la versión vigente en el momento en que se realizó.`;

export const es: DemoTranslation = {
  products: {
    'HL-TEE-001': {
      name: 'Camiseta Everyday de algodón orgánico',
      description:
        'Una camiseta de cuello redondo y gramaje medio, tejida en algodón 100 % orgánico y prelavada para que mantenga la forma lavado tras lavado. Corte holgado en el cuerpo y bajo algo más largo que no se sale del pantalón.',
    },
    'NP-MUG-002': {
      name: 'Taza de camping esmaltada',
      description:
        'Una taza de acero de 350 ml con esmalte resistente a los golpes y borde enrollado, cómodo para beber. Ligera para la mochila y resistente para la parrilla de la hoguera.',
    },
    'NP-TENT-003': {
      name: 'Tienda de trekking para dos personas',
      description:
        'Una tienda autoportante de dos puertas que se monta en menos de cinco minutos con una sola varilla con buje central. Costuras totalmente termoselladas y suelo tipo bañera para dormir seco toda una noche de lluvia constante.',
    },
    'HL-CAP-004': {
      name: 'Gorro de lana',
      description:
        'Un gorro de punto de canalé en suave lana de cordero con un amplio doblez. Abriga sin picar y se adapta a casi todas las cabezas sin dar de sí.',
    },
    'TS-PACK-005': {
      name: 'Mochila de lona 22 l',
      description:
        'Una mochila de día de 22 litros en lona de algodón gruesa, con funda acolchada para el portátil y bolsillo frontal de acceso rápido. Base reforzada con piel y cremalleras metálicas resistentes.',
    },
    'KS-MUG-006': {
      name: 'Taza de gres moteada',
      description:
        'Torneada a mano en pequeñas series y acabada con un esmalte color avena con motas de hierro, así que no hay dos iguales. Capacidad de 400 ml; apta para lavavajillas y microondas.',
    },
    'NP-BTL-007': {
      name: 'Botella térmica, 950 ml',
      description:
        'Su doble pared con aislamiento al vacío mantiene el agua fría 24 horas y el café caliente 12. Por la boca ancha caben cubitos de hielo y el tapón antigoteo se lleva con un dedo.',
    },
    'NP-SOCK-008': {
      name: 'Calcetines de trekking de merino',
      description:
        'Calcetines de senderismo acolchados de mezcla de merino, con puntera sin costuras y sujeción del arco que no se mueve. Antiolor por naturaleza: aguantan más de un día de ruta.',
    },
    'FN-NOTE-010': {
      name: 'Libretas de puntos, pack de 3',
      description:
        'Tres libretas de bolsillo con 48 páginas de papel punteado cada una y una resistente cubierta kraft. Caben en el bolsillo trasero y están cosidas para sobrevivir a él.',
    },
    'LW-LANT-011': {
      name: 'Farol de camping solar',
      description:
        'Un farol de luz cálida de 300 lúmenes que se carga con su panel solar superior o con un cable USB-C. Tres niveles de intensidad y un modo vela parpadeante para la mesa de pícnic.',
    },
    'KS-POUR-012': {
      name: 'Set de café de goteo de gres',
      description:
        'Un gotero de cerámica esmaltado a mano con una jarra de vidrio de 600 ml. Prepara un café limpio y brillante con filtros de papel estándar del n.º 2.',
    },
    'NP-JKT-013': {
      name: 'Chaqueta impermeable Ridgeline',
      description:
        'Una chaqueta impermeable y transpirable de tres capas, con cremalleras de ventilación en las axilas y capucha compatible con casco. Con todas las costuras selladas y lo bastante resistente para ir a diario al trabajo o pasar el fin de semana en la montaña.',
    },
    'TS-TOTE-014': {
      name: 'Bolso tote de lona encerada',
      description:
        'Un bolso amplio para el día a día en lona encerada repelente al agua, con asas de piel que se suavizan con el uso. Un bolsillo interior con cremallera evita que las llaves y el móvil acaben en el fondo.',
    },
    'NP-CHR-015': {
      name: 'Silla de camping plegable',
      description:
        'Una silla plegable robusta con respaldo alto, reposabrazos acolchados y portavasos, que soporta hasta 136 kg. Se pliega en plano y se guarda en su propia bolsa de transporte.',
    },
    'LW-TASK-016': {
      name: 'Flexo de latón',
      description:
        'Una lámpara de escritorio de latón macizo con brazo de dos articulaciones y pantalla orientable que lleva la luz justo donde la necesitas. Incluye una bombilla LED de luz cálida de 2700 K.',
    },
    'KS-BOWL-017': {
      name: 'Cuencos para servir apilables, set de 3',
      description:
        'Tres cuencos de gres de 15, 20 y 25 cm que se apilan sin ocupar espacio en el armario. Esmaltados en azul petróleo intenso por fuera y blanco crema por dentro.',
    },
    'HL-SHRT-018': {
      name: 'Camisa de lino con cuello abotonado',
      description:
        'Una camisa fresca con cuello abotonado, confeccionada en lino europeo lavado. Corte relajado, bolsillo en el pecho y bajo curvo que queda bien por dentro o por fuera.',
    },
    'NP-SLBG-019': {
      name: 'Saco de dormir de plumón, −7 °C',
      description:
        'Un saco tipo momia relleno de plumón de origen responsable (poder de relleno 650 cuin), confortable hasta −7 °C. En su saco de compresión ocupa lo mismo que una hogaza de pan.',
    },
    'KS-CNDL-020': {
      name: 'Vela de soja Cedar & Smoke',
      description:
        'Cera de soja vertida a mano con notas de madera de cedro, vetiver y un toque de humo de hoguera. Arde de forma limpia durante unas 50 horas en un tarro de vidrio ámbar reutilizable.',
    },
    'NP-POLE-021': {
      name: 'Bastones de trekking de carbono (reacondicionados)',
      description:
        'Bastones de trekking de fibra de carbono devueltos, revisados, con conteras y arandelas nuevas y un año de garantía. Empuñaduras de corcho y cierres rápidos, regulables de 104 a 135 cm.',
    },
    'LW-STR-022': {
      name: 'Guirnalda de luces blanco cálido, 10 m',
      description:
        'Treinta bombillas LED irrompibles en un cable de 10 metros resistente a la intemperie, para terrazas, porches y dormitorios. Su temporizador integrado las enciende seis horas cada tarde.',
    },
    'HL-HAT-023': {
      name: 'Sombrero de sol plegable',
      description:
        'Un sombrero de ala ancha en nailon UPF 50+ que se guarda arrugado en un bolsillo y recupera su forma. Un cordón ajustable para la barbilla lo sujeta cuando se levanta viento.',
    },
    'KS-BRD-024': {
      name: 'Tabla de cortar de nogal a contrafibra',
      description:
        'Una tabla gruesa de nogal negro americano cortada a contrafibra, que cuida el filo de los cuchillos y disimula sus propios cortes. Acabada con aceite mineral apto para alimentos y cera de abeja.',
    },
    'TS-DUFF-025': {
      name: 'Bolsa de viaje Weekender, 45 l',
      description:
        'Una bolsa de viaje de 45 litros pensada para un fin de semana largo y para la mayoría de los compartimentos de equipaje de cabina. Cuerpo de lona encerada, detalles de piel plena flor y bandolera acolchada desmontable.',
    },
    'NP-HDLP-026': {
      name: 'Linterna frontal recargable',
      description:
        'Una linterna frontal de 400 lúmenes con modos de luz amplia, foco y luz roja para visión nocturna. Se carga por USB-C y dura hasta 40 horas en el nivel más bajo.',
    },
    'KS-SKIL-027': {
      name: 'Sartén de hierro fundido curada, 25 cm',
      description:
        'Una sartén de 25 cm fundida en una sola pieza y curada con aceite de linaza, lista para el fuego, el horno o la hoguera. Mejora cada vez que cocinas con ella.',
    },
    'FN-PRNT-028': {
      name: 'Lámina de mapa de senderos',
      description:
        'Una impresión giclée de 46 × 61 cm de un mapa topográfico de senderos dibujado a mano, en papel grueso de calidad de archivo. Marco no incluido.',
    },
    'LW-TBL-029': {
      name: 'Lámpara de mesa de cerámica',
      description:
        'Una base de cerámica en forma de calabaza con esmalte terracota, rematada con una pantalla de lino tipo tambor. Da una luz suave y cálida en una mesita auxiliar o de noche.',
    },
    'HL-HOOD-030': {
      name: 'Sudadera con capucha Harbor de forro polar',
      description:
        'Una sudadera gruesa con capucha en forro polar reciclado cepillado, con capucha forrada y un amplio bolsillo canguro. Puños y bajo de canalé que mantienen la forma temporada tras temporada.',
    },
    'FN-EBK-031': {
      name: 'The Weekend Camper (libro electrónico)',
      description:
        'Una guía ilustrada de 180 páginas para organizar escapadas de camping fáciles y sin estrés, desde la lista de equipaje hasta las cenas en una sola olla. Se entrega como descarga en EPUB y PDF.',
    },
    'KS-PLNT-032': {
      name: 'Maceta de terracota, mediana',
      description:
        'Una maceta de terracota sin esmaltar de 18 cm de diámetro, con agujero de drenaje y plato a juego. La arcilla transpirable ayuda a mantener sanas las raíces.',
    },
    'NP-STOV-033': {
      name: 'Hornillo de camping vintage',
      description:
        'Un clásico hornillo de camping de dos fuegos de los años ochenta, limpio, probado y funcionando a pleno rendimiento. La carcasa tiene marcas de uso honestas; los quemadores y las válvulas están en perfecto estado.',
    },
    'TS-HIP-034': {
      name: 'Riñonera con cierre enrollable',
      description:
        'Una riñonera repelente al agua con cierre enrollable que se amplía de 2 a 3 litros. Llévala en la cintura o cruzada sobre el pecho.',
    },
    'LW-PEND-035': {
      name: 'Lámpara colgante de globo',
      description:
        'Un globo de 30 cm de vidrio opal soplado a mano, con cable textil trenzado y florón de latón. Reparte una luz suave y uniforme sobre la mesa del comedor o la isla de la cocina.',
    },
    'KS-TOWL-036': {
      name: 'Paños de cocina de lino, set de 2',
      description:
        'Dos paños de lino absorbentes y de secado rápido, con una raya tejida y una presilla para colgarlos. Cada lavado los deja más suaves.',
    },
    'NP-HMCK-037': {
      name: 'Hamaca ultraligera',
      description:
        'Una hamaca individual de nailon de paracaídas que se guarda en su propia bolsa cosida. Incluye cintas que no dañan los árboles y mosquetones de aluminio.',
    },
    'CW-GIFT-038': {
      name: 'Tarjeta regalo Cartwheel',
      description:
        'Una tarjeta regalo digital de 25, 50 o 100 dólares estadounidenses, enviada por correo electrónico a quien elijas el día que elijas, con tu mensaje personal. Un acierto seguro para ese amigo amante de la naturaleza que ya lo tiene todo.',
    },
    'KS-GRND-039': {
      name: 'Molinillo de café de muelas (reacondicionado)',
      description:
        'Un molinillo de muelas cónicas con 40 niveles de molienda, reacondicionado por profesionales con muelas nuevas y escobillas del motor nuevas. Con un año de garantía.',
    },
    'HL-SCRF-040': {
      name: 'Bufanda de forro polar reciclado',
      description:
        'Una bufanda amplia de forro polar suave y antibolitas, fabricado con botellas recicladas y rematado con flecos. Lo bastante larga para dar dos vueltas los días más fríos.',
    },
    'FN-PEN-041': {
      name: 'Bolígrafo Bullet de latón',
      description:
        'Un bolígrafo de bolsillo mecanizado en latón macizo que adquiere una pátina cálida con el tiempo. Compacto cerrado, de tamaño completo con el capuchón puesto detrás, y admite recambios estándar.',
    },
    'KS-THRW-042': {
      name: 'Manta de algodón gofrado',
      description:
        'Una manta de 127 × 178 cm tejida en algodón de fibra larga con una textura gofrada profunda. Ligera para las noches de verano y acogedora para el invierno.',
    },
    'TS-RUCK-043': {
      name: 'Mochila vintage de piel',
      description:
        'Una mochila de segunda mano de piel plena flor con hebillas de latón y una pátina profunda. Totalmente limpia e hidratada; algunas rozaduras leves le dan carácter.',
    },
    'LW-CLIP-044': {
      name: 'Luz de lectura con pinza',
      description:
        'Una luz LED recargable con cuello flexible que se engancha a un libro, un cabecero o un atril. Tres temperaturas de color y un regulador suave.',
    },
    'FN-BOOK-045': {
      name: 'Pocket Field Guide to Trees',
      description:
        'Una guía de bolsillo resistente al agua sobre 200 árboles comunes de Norteamérica, con ilustraciones de hojas, cortezas y semillas. Cabe en el bolsillo de la chaqueta.',
    },
    'HL-VEST-046': {
      name: 'Chaleco de plumón Alpine',
      description:
        'Un chaleco ligero de plumón (poder de relleno 800 cuin) para llevar como capa las mañanas frías. Se guarda en su propio bolsillo del pecho.',
    },
    'KS-ORG-047': {
      name: 'Organizador de escritorio de nogal',
      description:
        'Una bandeja de nogal macizo con tres compartimentos para bolígrafos, tarjetas y pequeñas herramientas. La base forrada de fieltro protege el escritorio.',
    },
    'NP-KIT-048': {
      name: 'Kit básico de cocina de camping',
      description:
        'Todo lo necesario para tu primera noche cocinando de acampada: una olla y una sartén apilables, una espátula, dos tazas esmaltadas y una caja de madera para llevarlo todo.',
    },
  },
  categories: {
    Apparel: { name: 'Ropa' },
    Outdoor: { name: 'Aire libre' },
    'Home & Kitchen': { name: 'Hogar y cocina' },
    Lighting: { name: 'Iluminación' },
    'Bags & Packs': { name: 'Bolsos y mochilas' },
    'Stationery & Books': { name: 'Papelería y libros' },
    Gifts: { name: 'Regalos' },
    Tops: { name: 'Camisetas y camisas' },
    Headwear: { name: 'Gorros y sombreros' },
  },
  options: { Color: 'Color', Size: 'Talla', Amount: 'Importe' },
  optionValues: {
    $25: '25 US$',
    $50: '50 US$',
    $100: '100 US$',
    Navy: 'Azul marino',
    Sage: 'Verde salvia',
    Clay: 'Arcilla',
    Forest: 'Verde bosque',
    Cobalt: 'Azul cobalto',
    Cream: 'Crudo',
    Mustard: 'Mostaza',
    Olive: 'Verde oliva',
    Black: 'Negro',
    'Waxed Tan': 'Marrón claro encerado',
    'Heather Grey': 'Gris jaspeado',
    Rust: 'Teja',
    Slate: 'Gris pizarra',
    Ochre: 'Ocre',
    White: 'Blanco',
    Chambray: 'Chambray',
    Charcoal: 'Gris marengo',
    Oatmeal: 'Avena',
    S: 'S',
    M: 'M',
    L: 'L',
    XL: 'XL',
  },
  pages: {
    about: {
      title: 'Quiénes somos',
      body: ABOUT,
      seoDescription: 'Quiénes somos, qué vendemos y cómo trabajamos.',
    },
    'shipping-returns': {
      title: 'Envíos y devoluciones',
      body: SHIPPING,
      seoDescription: 'Plazos y costes de envío, y cómo devolver un artículo en un plazo de 30 días.',
    },
    privacy: {
      title: 'Política de privacidad',
      body: PRIVACY,
      seoDescription: 'Qué datos personales guardamos cuando compras con nosotros y por qué.',
    },
    terms: {
      title: 'Condiciones de venta',
      body: TERMS,
      seoDescription: 'Las condiciones que se aplican a todos los pedidos realizados en esta tienda.',
    },
  },
  hero: {
    title: 'Todo lo que necesitas, en la puerta de tu casa',
    subtitle:
      'Descubre productos de calidad a precios justos, desde lo básico del día a día hasta las últimas novedades.',
    primary_button: { label: 'Comprar ahora' },
    secondary_button: { label: 'Ver destacados' },
  },
  announcement: '',
  shippingMethods: {
    Standard: { name: 'Envío estándar', deliveryEstimate: '3–5 días laborables' },
    Express: { name: 'Envío exprés', deliveryEstimate: '1–2 días laborables' },
    International: { name: 'Envío internacional', deliveryEstimate: '7–14 días laborables' },
  },
};
