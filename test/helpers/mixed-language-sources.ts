// Sources in two languages, written for the tests of passage-language.ts: an English
// article that quotes a line of French, and a Japanese manual (a translated router guide)
// that left two paragraphs in English and quotes a button's English label.

export const ENGLISH_QUOTING_FRENCH = `# Victor Hugo and the sea

Victor Hugo spent fifteen years in exile on the island of Guernsey. He wrote some of his greatest novels there, looking out over the Channel. The house he bought still stands in the town of Saint Peter Port.

In Toilers of the Sea he wrote a line that islanders still quote. La mer est un espace de rigidité et de liberté. The sea, for Hugo, was both a prison and a road.

Visitors can tour the house today. The rooms are decorated with carved wood that Hugo collected himself. From the glass lookout at the top he could see the coast of France on a clear day.`;

export const FRENCH_QUOTE = 'La mer est un espace de rigidité et de liberté.';

export const JAPANESE_MANUAL_WITH_ENGLISH = `# ルーターの設定

このマニュアルでは、ルーターの初期設定について説明します。設定を始める前に、電源ケーブルとネットワークケーブルを接続してください。管理画面にはブラウザーからアクセスします。

To access the administration page, open a web browser and enter the default address printed on the label at the bottom of the router. The default user name is admin and the password is printed on the same label. Change the password as soon as you log in for the first time, because anyone on your network could otherwise change your settings.

If the page does not load, check that your computer is connected to the router with a cable or to its wireless network. Restart the router by holding the reset button for ten seconds, then wait until the status light turns green before you try again.

## 無線の設定

無線ネットワークの名前とパスワードを設定します。「Press the WPS button.」と画面に表示されたら、ルーターのボタンを押してください。設定が終わると、ランプが緑色に点灯します。`;

/** Words of the English paragraphs the Japanese episode leaves out. */
export const LEFT_OUT_ENGLISH = ['administration page', 'reset button'];
