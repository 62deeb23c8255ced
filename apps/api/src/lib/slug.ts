// The one slug rule, shared with the back office (which fills a page's slug as its title is typed).
export { slugify } from '@cartwheel/shared/text';
