import { defineNamespace } from "./define";

export const home = defineNamespace(
  {
    landingTitle: "Mesa de Truco",
    landingSubtitle:
      "O truco de verdade, ao vivo: desafie amigos e rivais no Paulista, Mineiro, Gaúcho, Argentino ou Internacional, no celular ou no computador.",
    landingBadge: "Grátis para jogar",
    featureQuickTitle: "Partida rápida",
    featureQuickText:
      "Entre numa mesa em segundos: 1 contra 1 ou em duplas, casual ou ranqueada.",
    featureCoinsTitle: "Moedas virtuais",
    featureCoinsText:
      "Comece com 1.000 moedas de boas-vindas e ganhe mais a cada vitória.",
    featureRankingTitle: "Ranking global",
    featureRankingText:
      "Jogue ranqueadas, suba de pontos e dispute o topo com os melhores.",
    landingFooter: "Sem dinheiro real: as moedas do jogo são virtuais.",
    welcome: "Olá, {{name}}!",
    welcomeSubtitle: "Escolha sua mesa e boa sorte nas cartas.",
    stats: "Suas estatísticas",
    gamesPlayed: "Partidas",
    gamesWon: "Vitórias",
    gamesLost: "Derrotas",
    rankingPoints: "Pontos de ranking",
    coinBalance: "Saldo: {{count, number}} moedas",
  },
  {
    en: {
      landingTitle: "Mesa de Truco",
      landingSubtitle:
        "Real Truco, played live: take on friends and rivals in Paulista, Mineiro, Gaúcho, Argentine or International Truco, on your phone or computer.",
      landingBadge: "Free to play",
      featureQuickTitle: "Quick game",
      featureQuickText:
        "Sit at a table in seconds: one-on-one or in pairs, casual or ranked.",
      featureCoinsTitle: "Virtual coins",
      featureCoinsText:
        "Start with 1,000 welcome coins and earn more with every win.",
      featureRankingTitle: "Global ranking",
      featureRankingText:
        "Play ranked games, climb the points and fight for the top spot.",
      landingFooter: "No real money: in-game coins are virtual.",
      welcome: "Hi, {{name}}!",
      welcomeSubtitle: "Pick your table and good luck with the cards.",
      stats: "Your stats",
      gamesPlayed: "Games",
      gamesWon: "Wins",
      gamesLost: "Losses",
      rankingPoints: "Ranking points",
      coinBalance: "Balance: {{count, number}} coins",
    },
    es: {
      landingTitle: "Mesa de Truco",
      landingSubtitle:
        "Truco de verdad, en vivo: desafía a amigos y rivales en Paulista, Mineiro, Gaúcho, Argentino o Internacional, en el celular o la computadora.",
      landingBadge: "Gratis para jugar",
      featureQuickTitle: "Partida rápida",
      featureQuickText:
        "Siéntate a una mesa en segundos: mano a mano o en parejas, casual o por ranking.",
      featureCoinsTitle: "Monedas virtuales",
      featureCoinsText:
        "Empieza con 1.000 monedas de bienvenida y gana más con cada victoria.",
      featureRankingTitle: "Ranking global",
      featureRankingText:
        "Juega partidas por ranking, suma puntos y pelea por el primer puesto.",
      landingFooter: "Sin dinero real: las monedas del juego son virtuales.",
      welcome: "¡Hola, {{name}}!",
      welcomeSubtitle: "Elige tu mesa y buena suerte con las cartas.",
      stats: "Tus estadísticas",
      gamesPlayed: "Partidas",
      gamesWon: "Victorias",
      gamesLost: "Derrotas",
      rankingPoints: "Puntos de ranking",
      coinBalance: "Saldo: {{count, number}} monedas",
    },
  }
);
