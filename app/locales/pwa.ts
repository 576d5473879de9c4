import { defineNamespace } from "./define";

// The installable app: the install banner of spec §4/§9 and the update prompt.
export const pwa = defineNamespace(
  {
    installTitle: "Instale a Mesa de Truco",
    installText: "Jogue direto da tela inicial, em tela cheia, sem abrir o navegador.",
    installAction: "Instalar",
    installIos: "No Safari, toque em Compartilhar e depois em “Adicionar à Tela de Início”.",
    installOther: "No menu do navegador, escolha “Instalar app” ou “Adicionar à tela inicial”.",
    installDismiss: "Agora não",
    updateAvailable: "Nova versão disponível",
    updateAction: "atualizar",
  },
  {
    en: {
      installTitle: "Install Mesa de Truco",
      installText: "Play straight from your home screen, full screen, without opening the browser.",
      installAction: "Install",
      installIos: "In Safari, tap Share, then “Add to Home Screen”.",
      installOther: "In the browser's menu, choose “Install app” or “Add to Home screen”.",
      installDismiss: "Not now",
      updateAvailable: "New version available",
      updateAction: "update",
    },
    es: {
      installTitle: "Instala Mesa de Truco",
      installText: "Juega desde la pantalla de inicio, a pantalla completa, sin abrir el navegador.",
      installAction: "Instalar",
      installIos: "En Safari, toca Compartir y luego “Agregar a inicio”.",
      installOther: "En el menú del navegador, elige “Instalar app” o “Agregar a la pantalla de inicio”.",
      installDismiss: "Ahora no",
      updateAvailable: "Nueva versión disponible",
      updateAction: "actualizar",
    },
  },
);
