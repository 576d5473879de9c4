import { defineNamespace } from "./define";

// The five Truco variants (spec §3): names and a one-line description for the lobby's selector.
export const variants = defineNamespace(
  {
    label: "Variante do truco",
    names: {
      paulista: "Paulista",
      mineiro: "Mineiro",
      gaucho: "Gaúcho",
      argentino: "Argentino",
      international: "Internacional",
    },
    descriptions: {
      paulista: "Com vira e manilha: a carta seguinte à vira manda. Truco, seis, nove e doze; partida a 12.",
      mineiro: "Manilhas fixas: zap, copas, espadilha e pica-fumo. A mão vale 2: truco, seis, dez e doze.",
      gaucho: "Baralho espanhol, envido e flor. Truco, retruco e vale quatro; partida a 24 em duplas, 18 no mano a mano, em duas voltas.",
      argentino: "Baralho espanhol, envido e ir ao mazo. Truco, retruco e vale cuatro; partida a 30.",
      international: "O Paulista sem regras da casa: vira, manilha e mão de ferro aberta.",
    },
    deck: {
      french: "Baralho francês",
      spanish: "Baralho espanhol",
    },
  },
  {
    en: {
      label: "Truco variant",
      names: {
        paulista: "Paulista",
        mineiro: "Mineiro",
        gaucho: "Gaúcho",
        argentino: "Argentine",
        international: "International",
      },
      descriptions: {
        paulista: "With a turned card (vira): the next rank is the trump (manilha). Truco, six, nine and twelve; game to 12.",
        mineiro: "Fixed trumps: zap, copas, espadilha and pica-fumo. A hand is worth 2: truco, six, ten and twelve.",
        gaucho: "Spanish deck, envido and flor. Truco, retruco and vale quatro; game to 24 in pairs, 18 one against one, in two halves.",
        argentino: "Spanish deck, envido and folding to the deck. Truco, retruco and vale cuatro; game to 30.",
        international: "Paulista with no house rules: vira, manilha and an open iron hand.",
      },
      deck: {
        french: "French deck",
        spanish: "Spanish deck",
      },
    },
    es: {
      label: "Variante del truco",
      names: {
        paulista: "Paulista",
        mineiro: "Mineiro",
        gaucho: "Gaúcho",
        argentino: "Argentino",
        international: "Internacional",
      },
      descriptions: {
        paulista: "Con vira y manilha: la carta siguiente a la vira es la más fuerte. Truco, seis, nueve y doce; partida a 12.",
        mineiro: "Manilhas fijas: zap, copas, espadilha y pica-fumo. La mano vale 2: truco, seis, diez y doce.",
        gaucho: "Baraja española, envido y flor. Truco, retruco y vale cuatro; partida a 24 en parejas, 18 mano a mano, en dos vueltas.",
        argentino: "Baraja española, envido e irse al mazo. Truco, retruco y vale cuatro; partida a 30.",
        international: "El Paulista sin reglas de la casa: vira, manilha y mano de hierro abierta.",
      },
      deck: {
        french: "Baraja francesa",
        spanish: "Baraja española",
      },
    },
  },
);
