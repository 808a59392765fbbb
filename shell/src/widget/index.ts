// Async boundary for the widget build.
import('./bootstrap');
