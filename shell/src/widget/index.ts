// The styles come with the html (a <link> in the head), so the widget paints before any script.
import '@jmswap/shared-chain/theme/tokens.css';
import '../styles.css';
import './widget.css';
// Async boundary for the widget build.
import(/* webpackChunkName: "boot" */ './bootstrap');
