/**
 * Class names of a link stretched over its card or table row (stretched-link.module.css): put
 * `container` on the card or row and `link` on its one link (a React Router <Link>).
 */
import classes from './stretched-link.module.css';

/** `container` for the card or row, `link` for the link covering it. */
export const stretchedLink = { container: classes.container, link: classes.link } as const;
