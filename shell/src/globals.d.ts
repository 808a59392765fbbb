declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
declare const __SHELL_VARIANT__: 'app' | 'widget';
declare module '*.css';
