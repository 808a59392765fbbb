// The styles come with the html (a <link> in the head), so the page paints before any script.
import './styles.css';
// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
