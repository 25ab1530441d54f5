// Source texts in every language an episode can be in, written for the tests: the same
// short article (a title, an opening paragraph and two headed sections about the
// lighthouse of Alexandria) in each, long enough for language detection and for the
// built-in writer to make sections, questions and answers of it. `word` is a word inside
// one of its sentences, for transcript search.
import type { Language } from '@castwright/core/languages';

export interface LanguageSource {
  language: Language;
  text: string;
  /** A word the text uses mid-sentence. */
  word: string;
}

export const LANGUAGE_SOURCES: readonly LanguageSource[] = [
  {
    language: 'en',
    word: 'harbour',
    text: `# The Lighthouse of Alexandria

The lighthouse of Alexandria was a tower built on the island of Pharos, in front of the city of Alexandria in Egypt. For centuries the lighthouse guided the ships that sailed into the harbour. Its light could be seen from far out at sea.

## Building the tower

The building of the lighthouse began in the third century before Christ. The architects used large blocks of limestone. The tower had three levels and stood more than a hundred metres tall. Nobody knows for certain how the fire at the top was kept burning.

## The end of the lighthouse

Several earthquakes damaged the lighthouse during the Middle Ages. In the fourteenth century the tower collapsed completely. Today archaeologists study the stones of the lighthouse on the floor of the sea. Divers have found statues and columns near the harbour.`,
  },
  {
    language: 'es',
    word: 'puerto',
    text: `# El faro de Alejandría

El faro de Alejandría fue una torre construida en la isla de Faros, frente a la ciudad de Alejandría, en Egipto. Durante siglos, el faro guió a los barcos que llegaban al puerto. Su luz se veía desde muy lejos en el mar.

## La construcción de la torre

La construcción del faro comenzó en el siglo tercero antes de Cristo. Los arquitectos usaron grandes bloques de piedra caliza. La torre tenía tres niveles y medía más de cien metros. Nadie sabe con certeza cómo se mantenía encendido el fuego de la cima.

## El final del faro

Varios terremotos dañaron el faro durante la Edad Media. En el siglo catorce, la torre se derrumbó por completo. Hoy los arqueólogos estudian las piedras del faro en el fondo del mar. Los buceadores encontraron estatuas y columnas cerca del puerto.`,
  },
  {
    language: 'fr',
    word: 'port',
    text: `# Le phare d'Alexandrie

Le phare d'Alexandrie était une tour construite sur l'île de Pharos, face à la ville d'Alexandrie, en Égypte. Pendant des siècles, le phare a guidé les navires qui entraient dans le port. Sa lumière se voyait de très loin en mer.

## La construction de la tour

La construction du phare a commencé au troisième siècle avant notre ère. Les architectes ont utilisé de grands blocs de calcaire. La tour comptait trois niveaux et mesurait plus de cent mètres. Personne ne sait avec certitude comment le feu du sommet restait allumé.

## La fin du phare

Plusieurs tremblements de terre ont endommagé le phare au Moyen Âge. Au quatorzième siècle, la tour s'est effondrée entièrement. Aujourd'hui, les archéologues étudient les pierres du phare au fond de la mer. Des plongeurs ont trouvé des statues et des colonnes près du port.`,
  },
  {
    language: 'it',
    word: 'porto',
    text: `# Il faro di Alessandria

Il faro di Alessandria era una torre costruita sull'isola di Faro, davanti alla città di Alessandria, in Egitto. Per secoli il faro ha guidato le navi che entravano nel porto. La sua luce si vedeva da molto lontano in mare.

## La costruzione della torre

La costruzione del faro cominciò nel terzo secolo avanti Cristo. Gli architetti usarono grandi blocchi di pietra calcarea. La torre aveva tre livelli ed era alta più di cento metri. Nessuno sa con certezza come venisse mantenuto acceso il fuoco sulla cima.

## La fine del faro

Diversi terremoti danneggiarono il faro durante il Medioevo. Nel quattordicesimo secolo la torre crollò del tutto. Oggi gli archeologi studiano le pietre del faro sul fondo del mare. I sommozzatori hanno trovato statue e colonne vicino al porto.`,
  },
  {
    language: 'pt-BR',
    word: 'porto',
    text: `# O farol de Alexandria

O farol de Alexandria era uma torre construída na ilha de Faros, em frente à cidade de Alexandria, no Egito. Durante séculos, o farol guiou os navios que chegavam ao porto. Sua luz podia ser vista de muito longe no mar.

## A construção da torre

A construção do farol começou no século terceiro antes de Cristo. Os arquitetos usaram grandes blocos de calcário. A torre tinha três níveis e media mais de cem metros. Ninguém sabe ao certo como o fogo do topo era mantido aceso.

## O fim do farol

Vários terremotos danificaram o farol durante a Idade Média. No século catorze, a torre desabou por completo. Hoje os arqueólogos estudam as pedras do farol no fundo do mar. Mergulhadores encontraram estátuas e colunas perto do porto.`,
  },
  {
    language: 'hi',
    word: 'बंदरगाह',
    text: `# अलेक्जेंड्रिया का प्रकाशस्तंभ

अलेक्जेंड्रिया का प्रकाशस्तंभ मिस्र में अलेक्जेंड्रिया शहर के सामने फ़ारोस द्वीप पर बना एक ऊँचा स्तंभ था। सदियों तक इस प्रकाशस्तंभ ने बंदरगाह में आने वाले जहाज़ों को रास्ता दिखाया। इसकी रोशनी समुद्र में बहुत दूर से दिखाई देती थी।

## स्तंभ का निर्माण

प्रकाशस्तंभ का निर्माण ईसा पूर्व तीसरी शताब्दी में शुरू हुआ। वास्तुकारों ने चूना पत्थर के बड़े खंडों का इस्तेमाल किया। स्तंभ के तीन तल थे और उसकी ऊँचाई सौ मीटर से अधिक थी। कोई नहीं जानता कि चोटी पर आग कैसे जलती रहती थी।

## प्रकाशस्तंभ का अंत

मध्य युग में कई भूकंपों ने प्रकाशस्तंभ को नुकसान पहुँचाया। चौदहवीं शताब्दी में यह स्तंभ पूरी तरह ढह गया। आज पुरातत्वविद समुद्र की तलहटी में प्रकाशस्तंभ के पत्थरों का अध्ययन करते हैं। गोताखोरों को बंदरगाह के पास मूर्तियाँ और खंभे मिले हैं।`,
  },
  {
    language: 'ja',
    word: '灯台',
    text: `# アレクサンドリアの大灯台

アレクサンドリアの大灯台は、エジプトのアレクサンドリアの前にあるファロス島に建てられた塔でした。何世紀にもわたって、灯台は港に入る船を導きました。その光は海の遠くからも見えました。

## 塔の建設

灯台の建設は紀元前三世紀に始まりました。建築家たちは石灰岩の大きなブロックを使いました。塔は三つの層からなり、高さは百メートルを超えていました。頂上の火がどのように燃え続けていたのかは、誰も正確には知りません。

## 灯台の最後

中世には、いくつもの地震が灯台に被害を与えました。十四世紀に、塔は完全に崩れ落ちました。現在、考古学者たちは海底に沈んだ灯台の石を調べています。ダイバーたちは港の近くで像や柱を見つけました。`,
  },
  {
    language: 'zh',
    word: '灯塔',
    text: `# 亚历山大灯塔

亚历山大灯塔是建在埃及亚历山大城前方法罗斯岛上的一座高塔。几个世纪以来，灯塔为进港的船只导航。它的光芒在很远的海上都能看到。

## 高塔的建造

灯塔的建造始于公元前三世纪。建筑师们使用了巨大的石灰岩石块。这座塔共有三层，高度超过一百米。没有人确切知道塔顶的火是如何一直燃烧的。

## 灯塔的结局

中世纪时，多次地震损坏了灯塔。十四世纪，这座塔彻底倒塌。如今，考古学家正在研究沉入海底的灯塔石块。潜水员在港口附近发现了雕像和柱子。`,
  },
];
