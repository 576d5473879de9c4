import { defineNamespace } from "./define";

export const navigation = defineNamespace(
  {
    home: "Início",
    profile: "Perfil",
    openProfilePrefix: "Abrir perfil:",
    mainMenu: "Menu principal",
  },
  {
    en: {
      home: "Home",
      profile: "Profile",
      openProfilePrefix: "Open profile:",
      mainMenu: "Main menu",
    },
    es: {
      home: "Inicio",
      profile: "Perfil",
      openProfilePrefix: "Abrir perfil:",
      mainMenu: "Menú principal",
    },
  },
);
