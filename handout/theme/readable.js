// Makes mdBook's pages usable by keyboard and screen reader where its default theme
// is not (axe-core's WCAG 2.1 A and AA rules; grader/tests/browser checks the built
// book). Loaded by book.toml's `additional-js`, after mdBook's own scripts.
(function readable() {
    'use strict';

    // The sidebar's toggle is a <label> for a hidden checkbox: no role, so its
    // aria-expanded and aria-label are not allowed, and no keyboard can reach it.
    // As a button it is announced, reached with Tab and pressed with Enter or Space.
    const toggle = document.getElementById('mdbook-sidebar-toggle');
    if (toggle) {
        toggle.setAttribute('role', 'button');
        toggle.setAttribute('tabindex', '0');
        toggle.addEventListener('keydown', function press(event) {
            if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                toggle.click();
            }
        });
    }

    // Code blocks and wide tables scroll sideways on a narrow window: each becomes a
    // named region a keyboard can reach and scroll.
    const named = function named(element, words) {
        element.setAttribute('tabindex', '0');
        element.setAttribute('role', 'region');
        element.setAttribute('aria-label', words);
    };
    document.querySelectorAll('main pre > code').forEach(function code(block) {
        const language = Array.from(block.classList)
            .find(function isLanguage(name) { return name.startsWith('language-'); });
        const what = language === 'language-console' ? 'terminal session'
            : language ? language.slice('language-'.length) + ' code' : 'text';
        named(block, what);
    });
    document.querySelectorAll('main .table-wrapper').forEach(function table(wrapper) {
        named(wrapper, 'table');
    });
})();
