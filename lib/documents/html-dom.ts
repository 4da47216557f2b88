// The parsed-HTML node types, taken from htmlparser2 itself so no transitive package is imported.
import { DomUtils, ElementType, type parseDocument } from "htmlparser2";

export type DomNode = ReturnType<typeof parseDocument>["children"][number];
export type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;
type DomText = Extract<DomNode, { type: typeof ElementType.Text }>;

export const isElement = (node: DomNode): node is DomElement => node.type === ElementType.Tag;
export const isText = (node: DomNode): node is DomText => node.type === ElementType.Text;

export const elementChildren = (el: DomElement): DomElement[] => el.children.filter(isElement);

/** Length of the visible text of a subtree, for layout decisions such as keeping a row whole. */
export const textLength = (el: DomElement): number => DomUtils.textContent(el).length;
