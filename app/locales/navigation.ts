import { defineNamespace } from "./define";

export const navigation = defineNamespace(
  {
    home: "Início",
    profile: "Perfil",
    openProfilePrefix: "Abrir perfil:",
    mainMenu: "Menu principal",
    /** The header's button that holds, on a phone, the items its row has no room for. */
    more: "Menu",
  },
  {
    en: {
      home: "Home",
      profile: "Profile",
      openProfilePrefix: "Open profile:",
      mainMenu: "Main menu",
      more: "Menu",
    },
    es: {
      home: "Inicio",
      profile: "Perfil",
      openProfilePrefix: "Abrir perfil:",
      mainMenu: "Menú principal",
      more: "Menú",
    },
  },
);
