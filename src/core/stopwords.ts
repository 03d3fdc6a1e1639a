/**
 * Function words for space-separated languages. They carry little about what
 * an article says and dominate raw counts, so they are dropped before
 * weighting. Chinese stopwords come from segmentit (see segment/).
 */
const ENGLISH = `a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further had has
have having he her here hers herself him himself his how i if in into is it its itself just me more most my
myself no nor not now of off on once only or other our ours ourselves out over own same she should so some
such than that the their theirs them themselves then there these they this those through to too under until
up very was we were what when where which while who whom why will with would you your yours yourself
yourselves s t don doesn didn isn wasn aren weren won can't it's`;

const FRENCH = `au aux avec ce ces dans de des du elle en et eux il je la le les leur lui ma mais me même mes
moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos
votre vous est sont été être avoir a ont cette cet`;

const SPANISH = `el la los las un una unos unas y o de del al en con por para que es son fue ser se su sus lo
le les como más pero sin sobre este esta estos estas ese esa no ya muy también`;

const GERMAN = `der die das den dem des ein eine einer eines einem einen und oder aber in im an am auf aus bei
mit nach von vor zu zum zur ist sind war wird werden hat haben nicht auch es sie er wir ich du als wie so`;

const PORTUGUESE = `o a os as um uma uns umas e ou de do da dos das em no na nos nas com por para que é são
foi ser se seu sua seus suas como mais mas sem sobre este esta não já muito também`;

export const LATIN_STOPWORDS: ReadonlySet<string> = new Set(
  [ENGLISH, FRENCH, SPANISH, GERMAN, PORTUGUESE].join(' ').split(/\s+/).filter(Boolean),
);
