import { defineNamespace } from "./define";

export const auth = defineNamespace(
  {
    login: "Entrar",
    loginWithGoogle: "Entrar com Google",
    startPlaying: "Começar a jogar",
    finishing: "Finalizando login...",
    logout: "Sair",
    redirecting: "Redirecionando...",
  },
  {
    en: {
      login: "Log in",
      loginWithGoogle: "Sign in with Google",
      startPlaying: "Start playing",
      finishing: "Finishing sign-in...",
      logout: "Log out",
      redirecting: "Redirecting...",
    },
    es: {
      login: "Entrar",
      loginWithGoogle: "Entrar con Google",
      startPlaying: "Empezar a jugar",
      finishing: "Finalizando inicio de sesión...",
      logout: "Salir",
      redirecting: "Redirigiendo...",
    },
  },
);
