import { defineNamespace } from "./define";

// Game modes (spec §3: casual, ranked, tournament), table sizes and computer levels.
export const modes = defineNamespace(
  {
    names: {
      casual: "Casual",
      ranked: "Ranqueada",
      tournament: "Torneio",
    },
    descriptions: {
      casual: "Partidas amistosas: valem moedas, sem pontos de ranking.",
      ranked: "Valem moedas e pontos de ranking. Mostre quem manda na mesa.",
    },
    types: {
      "1v1": "1 vs 1",
      "2v2": "2 vs 2",
    },
    typeNames: {
      "1v1": "Mano a mano",
      "2v2": "Em duplas",
    },
    botLevels: {
      easy: "Fácil",
      normal: "Normal",
      hard: "Difícil",
    },
    vsComputer: "Contra o computador",
    practice: "Treino",
  },
  {
    en: {
      names: {
        casual: "Casual",
        ranked: "Ranked",
        tournament: "Tournament",
      },
      descriptions: {
        casual: "Friendly games: coins at stake, no ranking points.",
        ranked: "Coins and ranking points at stake. Show the table who's boss.",
      },
      types: {
        "1v1": "1 vs 1",
        "2v2": "2 vs 2",
      },
      typeNames: {
        "1v1": "One on one",
        "2v2": "In pairs",
      },
      botLevels: {
        easy: "Easy",
        normal: "Normal",
        hard: "Hard",
      },
      vsComputer: "Against the computer",
      practice: "Practice",
    },
    es: {
      names: {
        casual: "Casual",
        ranked: "Por ranking",
        tournament: "Torneo",
      },
      descriptions: {
        casual: "Partidas amistosas: se juegan monedas, sin puntos de ranking.",
        ranked: "Se juegan monedas y puntos de ranking. Demostrá quién manda en la mesa.",
      },
      types: {
        "1v1": "1 vs 1",
        "2v2": "2 vs 2",
      },
      typeNames: {
        "1v1": "Mano a mano",
        "2v2": "En parejas",
      },
      botLevels: {
        easy: "Fácil",
        normal: "Normal",
        hard: "Difícil",
      },
      vsComputer: "Contra la computadora",
      practice: "Práctica",
    },
  },
);
