/** The landing page's copy: the journey, testimonials, press and the about section. */

/** In-page anchors of spec section 2 (the top bar on wide screens, the menu on narrow ones). */
export const HOME_ANCHORS = [
  { id: 'hoe-het-werkt', label: 'Hoe het werkt' },
  { id: 'lidmaatschap', label: 'Lidmaatschap' },
  { id: 'ervaringen', label: 'Ervaringen' },
  { id: 'over-ons', label: 'Over ons' },
] as const;

export const JOURNEY_STEPS = [
  {
    title: 'Word lid van de community',
    text: 'Begin gratis met Relax. Je maakt je profiel aan, doet onze persoonlijkheidsquiz en ontmoet andere singles op onze activiteiten, zonder verplichtingen.',
  },
  {
    title: 'Persoonlijke begeleiding',
    text: 'In een intakegesprek leert je matchmaker je echt kennen: je verhaal, je waarden en wat je zoekt in een partner. Gewoon een goed gesprek, bij ons of online.',
  },
  {
    title: 'Slim in kaart gebracht',
    text: 'Na het gesprek helpt onze AI je matchmaker om je eigenschappen en voorkeuren zorgvuldig te taggen. Zo vallen de mensen op die echt bij je passen.',
  },
  {
    title: 'Begeleid daten',
    text: 'Je matchmaker stelt je voor aan zorgvuldig gekozen matches, regelt de eerste ontmoeting en bespreekt elke date achteraf met je.',
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'Na jaren van apps was ik het swipen beu. Sofie nam echt de tijd voor me, en bij de derde voorstelling was het meteen raak. Ondertussen wonen we samen in Gent.',
    name: 'Annelies, 38',
    place: 'Gent',
  },
  {
    quote:
      'Ik twijfelde of matchmaking iets voor mij was. Het intakegesprek voelde als een gesprek met een goede vriendin, alleen eerlijker. Dat gaf vertrouwen.',
    name: 'Tom, 45',
    place: 'Leuven',
  },
  {
    quote:
      'Als alleenstaande papa heb ik weinig tijd. Koppel stelde me alleen voor aan mensen die mijn situatie begrepen. Geen verloren avonden meer.',
    name: 'Karim, 41',
    place: 'Antwerpen',
  },
] as const;

export const PRESS_QUOTES = [
  {
    quote: 'Een verfrissend menselijke aanpak in een wereld vol datingapps.',
    source: 'Stadsmagazine Brussel',
  },
  {
    quote: 'Koppel combineert ouderwetse aandacht met slimme technologie, en dat werkt.',
    source: 'Weekblad Vlaanderen',
  },
  {
    quote: 'Discreet, warm en verrassend doeltreffend.',
    source: 'Podcast Hart & Ziel',
  },
] as const;

export const ABOUT_VALUES = [
  {
    title: 'Persoonlijk',
    text: 'Elke klant heeft een vaste matchmaker die je naam, je verhaal en je wensen kent.',
  },
  {
    title: 'Discreet',
    text: 'Je gegevens blijven bij ons. Niemand ziet je profiel zonder dat jij het weet.',
  },
  {
    title: 'Eerlijk',
    text: 'We beloven geen wonderen, wel een eerlijk advies en voorstellen waar we achter staan.',
  },
] as const;
