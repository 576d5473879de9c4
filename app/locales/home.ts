import { defineNamespace } from "./define";

export const home = defineNamespace(
  {
    landingTitle: "Mesa de Truco",
    landingSubtitle:
      "O truco de verdade, ao vivo: desafie amigos e rivais no Paulista, Mineiro, Gaúcho, Argentino ou Internacional, no celular ou no computador.",
    landingBadge: "Grátis para jogar",
    featureQuickTitle: "Partida rápida",
    featureQuickText:
      "Aperte um botão e encontre um adversário do seu nível, sente numa mesa aberta ou jogue na hora contra o computador: 1 contra 1 ou em duplas.",
    featureCoinsTitle: "Moedas virtuais",
    featureCoinsText: "Comece com 1.000 moedas de boas-vindas e ganhe mais a cada vitória.",
    featureRankingTitle: "Ranking global",
    featureRankingText: "Jogue ranqueadas, suba de pontos e dispute o topo com os melhores.",
    landingFooter: "Sem dinheiro real: as moedas do jogo são virtuais.",
    welcome: "Olá, {{name}}!",
    welcomeSubtitle: "Escolha sua mesa e boa sorte nas cartas.",
    stats: "Suas estatísticas",
    practiceStats_one: "Treino contra o computador: {{games}} partida, {{wins}} vitória(s) (fora das estatísticas e do ranking)",
    practiceStats_other: "Treino contra o computador: {{games}} partidas, {{wins}} vitória(s) (fora das estatísticas e do ranking)",
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
        "Press one button to meet an opponent of your level, sit at an open table, or play the computer right away: one-on-one or in pairs.",
      featureCoinsTitle: "Virtual coins",
      featureCoinsText: "Start with 1,000 welcome coins and earn more with every win.",
      featureRankingTitle: "Global ranking",
      featureRankingText: "Play ranked games, climb the points and fight for the top spot.",
      landingFooter: "No real money: in-game coins are virtual.",
      welcome: "Hi, {{name}}!",
      welcomeSubtitle: "Pick your table and good luck with the cards.",
      stats: "Your stats",
      practiceStats_one: "Practice against the computer: {{games}} game, {{wins}} win(s) (not in the stats or the ranking)",
      practiceStats_other: "Practice against the computer: {{games}} games, {{wins}} win(s) (not in the stats or the ranking)",
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
        "Pulsa un botón y encuentra un rival de tu nivel, siéntate en una mesa abierta o juega ya contra la computadora: mano a mano o en parejas.",
      featureCoinsTitle: "Monedas virtuales",
      featureCoinsText: "Empieza con 1.000 monedas de bienvenida y gana más con cada victoria.",
      featureRankingTitle: "Ranking global",
      featureRankingText: "Juega partidas por ranking, suma puntos y pelea por el primer puesto.",
      landingFooter: "Sin dinero real: las monedas del juego son virtuales.",
      welcome: "¡Hola, {{name}}!",
      welcomeSubtitle: "Elige tu mesa y buena suerte con las cartas.",
      stats: "Tus estadísticas",
      practiceStats_one:
        "Práctica contra la computadora: {{games}} partida, {{wins}} victoria(s) (fuera de las estadísticas y del ranking)",
      practiceStats_other:
        "Práctica contra la computadora: {{games}} partidas, {{wins}} victoria(s) (fuera de las estadísticas y del ranking)",
      gamesPlayed: "Partidas",
      gamesWon: "Victorias",
      gamesLost: "Derrotas",
      rankingPoints: "Puntos de ranking",
      coinBalance: "Saldo: {{count, number}} monedas",
    },
  },
);
