import { defineNamespace } from "./define";

export const navigation = defineNamespace(
  {
    home: "Início",
    profile: "Perfil",
    openProfile: "Abrir perfil de {{name}}",
    mainMenu: "Menu principal",
  },
  {
    en: {
      home: "Home",
      profile: "Profile",
      openProfile: "Open {{name}}'s profile",
      mainMenu: "Main menu",
    },
    es: {
      home: "Inicio",
      profile: "Perfil",
      openProfile: "Abrir el perfil de {{name}}",
      mainMenu: "Menú principal",
    },
  },
);
