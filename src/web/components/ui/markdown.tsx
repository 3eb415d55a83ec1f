import type { ComponentProps } from "react";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

const linkClass = cn("font-semibold text-leaf-fg underline underline-offset-2", focusRing);

function MarkdownLink({ href, children }: ComponentProps<"a">) {
  if (href?.startsWith("/") && !href.startsWith("//"))
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

const components: Components = {
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 flex list-disc flex-col gap-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 flex list-decimal flex-col gap-1 pl-5">{children}</ol>,
  h1: ({ children }) => <p className="mt-3 mb-1 text-[18px] font-semibold">{children}</p>,
  h2: ({ children }) => <p className="mt-3 mb-1 text-[18px] font-semibold">{children}</p>,
  h3: ({ children }) => <p className="mt-3 mb-1 font-semibold">{children}</p>,
  h4: ({ children }) => <p className="mt-3 mb-1 font-semibold">{children}</p>,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-4 border-stone-300 pl-3 text-stone-700">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-stone-100 px-1 py-0.5 text-[0.9em]">{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="my-2 overflow-x-auto rounded-xl bg-stone-100 p-3 text-sm">{children}</pre>
  ),
  hr: () => <hr className="my-3 border-stone-300" />,
  a: MarkdownLink,
  // No pictures from replies: an image URL would be fetched from anywhere.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

/**
 * A reply's Markdown, rendered safely: raw HTML in it is dropped (no rehype-raw), links are
 * limited to safe protocols by react-markdown's default URL check, and open outside the app in
 * a new tab.
 */
export function ReplyMarkdown({ text }: { text: string }) {
  return (
    <Markdown skipHtml components={components}>
      {text}
    </Markdown>
  );
}
